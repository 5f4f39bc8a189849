# What `cmake --install` puts where, and the Debian package `cpack -G DEB` builds from it.
include(GNUInstallDirs)

install(TARGETS gym-otel-env RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES docs/gym-otel-env.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
# The places each shell's completion system loads from on demand.
install(FILES completions/gym-otel-env.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME gym-otel-env)
install(FILES completions/_gym-otel-env DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)
install(FILES completions/gym-otel-env.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
install(FILES README.md docs/manual.md docs/recipes.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(GOE_PACKAGE_CONTACT "gym-otel-env maintainers <gym-otel-env@localhost>"
    CACHE STRING "Maintainer field of the Debian package")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ${PROJECT_NAME})
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "Reads the telemetry block of a NeMo Gym config as NeMo Gym does and prints the
OpenTelemetry environment variables for sh, fish, JSON, dotenv, GitHub Actions or Ray,
or runs a command with them.")
set(CPACK_PACKAGE_CONTACT "${GOE_PACKAGE_CONTACT}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # Depends: from the libraries the binary links
include(CPack)
