// The benchmark of web/src/tools.hpp built natively, to compare with the same code in WebAssembly
// (web/bench/bench.mjs builds and runs both): qwirkle-web-bench movegen FILE SECONDS | selfplay GAMES.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "tools.hpp"

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "movegen" && argc == 4) {
        std::ifstream in(argv[2]);
        if (!in) {
            std::cerr << "cannot read " << argv[2] << "\n";
            return 2;
        }
        std::stringstream text;
        text << in.rdbuf();
        std::cout << qwirkle::web::bench_movegen(text.str(), std::stod(argv[3])) << "\n";
        return 0;
    }
    if (mode == "selfplay" && argc == 3) {
        std::cout << qwirkle::web::bench_selfplay(std::stoi(argv[2])) << "\n";
        return 0;
    }
    std::cerr << "usage: qwirkle-web-bench movegen FILE SECONDS | selfplay GAMES\n";
    return 2;
}
