# What `cmake --install` puts where, and the Debian package `cpack -G DEB` builds from it.
# `cmake --install build --strip` strips the binary; the .deb is always stripped.
include(GNUInstallDirs)
# cpack installs what is built and builds nothing itself: scripts/release builds first, and
# packaging a build tree (tests/e2e/install.sh, the release tests) must not build its tests.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

# Who the package is from: set at configure time (-DGOE_PACKAGE_CONTACT="Name <mail>"),
# else taken from DEBFULLNAME and DEBEMAIL as Debian's own tools do.
if(DEFINED ENV{DEBEMAIL} AND NOT "$ENV{DEBEMAIL}" STREQUAL "")
  set(goe_default_contact "$ENV{DEBFULLNAME} <$ENV{DEBEMAIL}>")
else()
  set(goe_default_contact "gym-otel-env maintainers <gym-otel-env@example.org>")
endif()
set(GOE_PACKAGE_CONTACT "${goe_default_contact}" CACHE STRING "Maintainer of the Debian package: Name <mail>")
set(GOE_HOMEPAGE "https://github.com/NVIDIA-NeMo/Gym" CACHE STRING "Homepage of the Debian package")
set(GOE_PACKAGE_LICENSE "Apache-2.0" CACHE STRING "License named in the package's copyright file")

# Debian policy: the man page and the changelog compressed with gzip -9n (no timestamp,
# so the package is reproducible), the copyright file as is. Made at configure time, so
# building the tool alone is enough to install; editing a source re-runs the configure.
set(goe_pkg ${CMAKE_BINARY_DIR}/package)
file(MAKE_DIRECTORY ${goe_pkg})
configure_file(cmake/debian/changelog.in ${goe_pkg}/changelog @ONLY)
configure_file(cmake/debian/copyright.in ${goe_pkg}/copyright @ONLY)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS docs/gym-otel-env.1)
foreach(pair "docs/gym-otel-env.1|gym-otel-env.1.gz" "${goe_pkg}/changelog|changelog.gz")
  string(REPLACE "|" ";" pair "${pair}")
  list(GET pair 0 from)
  list(GET pair 1 to)
  execute_process(COMMAND gzip -9nc ${from} WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                  OUTPUT_FILE ${goe_pkg}/${to} RESULT_VARIABLE gzip_status)
  if(NOT gzip_status EQUAL 0)
    message(FATAL_ERROR "gzip -9nc ${from} failed: ${gzip_status}")
  endif()
endforeach()

install(TARGETS gym-otel-env RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(GOE_PROBE)
  install(TARGETS gym-otel-env-probe RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/gym-otel-env)
endif()
install(FILES ${goe_pkg}/gym-otel-env.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
# The places each shell's completion system loads from on demand. zsh's differs by
# prefix: Debian's zsh reads packages' completions from /usr/share/zsh/vendor-completions
# and a local install's from <prefix>/share/zsh/site-functions. The prefix is known only
# when installing (cpack installs with /usr), so the directory is chosen then.
install(FILES completions/gym-otel-env.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME gym-otel-env)
install(CODE [[
  if(CMAKE_INSTALL_PREFIX STREQUAL "/usr")
    set(goe_zsh_dir vendor-completions)
  else()
    set(goe_zsh_dir site-functions)
  endif()
]])
install(FILES completions/_gym-otel-env DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/\${goe_zsh_dir})
install(FILES completions/gym-otel-env.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
# The documentation with everything it links to, in the same layout as the source tree,
# so that every relative link still resolves (tests/e2e/install.sh checks them).
install(FILES README.md CONTRIBUTING.md LICENSE ${goe_pkg}/copyright ${goe_pkg}/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES docs/ARCHITECTURE.md docs/ci.md docs/contract.md docs/decisions.md docs/diagnostics.md docs/formats.md docs/hardening.md
              docs/install.md
              docs/manual.md docs/performance.md docs/recipes.md docs/gym-otel-env.1
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(FILES examples/telemetry.yaml DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)
install(FILES packaging/Containerfile DESTINATION ${CMAKE_INSTALL_DOCDIR}/packaging)
install(FILES examples/slurm/gym.sbatch examples/slurm/gym-exec.sbatch DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples/slurm)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ${PROJECT_NAME})
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "Reads the telemetry block of a NeMo Gym config as NeMo Gym does and prints
the OpenTelemetry environment variables for a shell or for the tool that hands
them on (CI systems, container runtimes, Ray, Kubernetes; gym-otel-env --help
lists the formats), or runs a command with them.")
set(CPACK_PACKAGE_CONTACT "${GOE_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${GOE_HOMEPAGE}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # Depends: from the libraries the binary links
include(CPack)
