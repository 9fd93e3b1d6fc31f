import os
import re

from conan import ConanFile
from conan.errors import ConanInvalidConfiguration
from conan.tools.files import copy, load, save
from conan.tools.layout import basic_layout
from conan.tools.scm import Version

required_conan_version = ">=2.0"

# CMakeDeps' target carries no language standard; this build module gives qwirkle::qwirkle the same
# cxx_std_20 requirement as the project's own CMake package (so a gnu17 profile still builds C++20).
_CXX_STANDARD_MODULE = """\
# Added by the qwirkle Conan package: the headers need C++20.
if(TARGET qwirkle::qwirkle)
  target_compile_features(qwirkle::qwirkle INTERFACE cxx_std_20)
endif()
"""


class QwirkleConan(ConanFile):
    name = "qwirkle"
    description = "Header-only C++20 rules library for the Qwirkle tile game and Qwirkle Cards"
    license = "MIT"
    topics = ("qwirkle", "board-game", "game-rules", "move-generation", "header-only")
    package_type = "header-library"
    settings = "os", "arch", "compiler", "build_type"
    # Only the headers are packaged: tests, benchmarks and examples stay out.
    exports_sources = "include/*", "LICENSE*"
    no_copy_source = True

    # Compilers the library is built and tested with (older ones lack parts of C++20 it uses).
    _minimum_compilers = {"gcc": "12", "clang": "14"}

    def set_version(self):
        header = load(self, os.path.join(self.recipe_folder, "include", "qwirkle", "version.hpp"))
        self.version = re.search(r'#define QWIRKLE_VERSION_STRING "([^"]+)"', header).group(1)

    def layout(self):
        basic_layout(self, src_folder=".")

    def package_id(self):
        self.info.clear()

    def validate(self):
        compiler = str(self.settings.get_safe("compiler"))
        minimum = self._minimum_compilers.get(compiler)
        version = self.settings.get_safe("compiler.version")
        if minimum and version and Version(version) < minimum:
            raise ConanInvalidConfiguration(f"{self.ref} needs {compiler} {minimum} or newer (C++20)")
        cppstd = self.settings.get_safe("compiler.cppstd")
        if cppstd and int(re.sub(r"\D", "", str(cppstd)) or 0) in (98, 11, 14, 17):
            self.output.info(f"compiler.cppstd={cppstd}: targets that link qwirkle::qwirkle are built as C++20 "
                             "(CMakeDeps); other build systems must pass -std=c++20 themselves")

    def package(self):
        copy(self, "LICENSE*", src=self.source_folder, dst=os.path.join(self.package_folder, "licenses"))
        copy(self, "*.hpp", src=os.path.join(self.source_folder, "include"),
             dst=os.path.join(self.package_folder, "include"))
        save(self, os.path.join(self.package_folder, self._cxx_standard_module), _CXX_STANDARD_MODULE)

    @property
    def _cxx_standard_module(self):
        return os.path.join("share", "conan", "qwirkle-cxx-standard.cmake")

    def package_info(self):
        self.cpp_info.bindirs = []
        self.cpp_info.libdirs = []
        self.cpp_info.set_property("cmake_file_name", "qwirkle")
        self.cpp_info.set_property("cmake_target_name", "qwirkle::qwirkle")
        self.cpp_info.set_property("cmake_build_modules", [self._cxx_standard_module])
        self.cpp_info.set_property("pkg_config_name", "qwirkle")
