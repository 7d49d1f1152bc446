# Build step of the FFT front end (compiler/fft): the .lift building blocks are compiled into the
# library as string literals (fft_embedded_sources.cpp in the build tree), so a plan never reads
# the source tree at run time. Included from cmake/LiftclTargets.cmake after liftcl_frontend.
set(LIFTCL_FFT_EMBEDDED_FILES
  examples/fft/prelude.lift
  examples/fft/stockham.lift
  examples/fft/cooley_tukey.lift
  examples/fft/four_step.lift
  compiler/fft/fft_passes.lift)
set(LIFTCL_FFT_EMBEDDED_CPP ${PROJECT_BINARY_DIR}/generated/fft_embedded_sources.cpp)
set(LIFTCL_FFT_EMBEDDED_DEPENDS)
foreach(file ${LIFTCL_FFT_EMBEDDED_FILES})
  list(APPEND LIFTCL_FFT_EMBEDDED_DEPENDS ${PROJECT_SOURCE_DIR}/${file})
endforeach()
string(REPLACE ";" "|" LIFTCL_FFT_EMBEDDED_ARG "${LIFTCL_FFT_EMBEDDED_FILES}")
add_custom_command(
  OUTPUT ${LIFTCL_FFT_EMBEDDED_CPP}
  COMMAND ${CMAKE_COMMAND} -DROOT=${PROJECT_SOURCE_DIR} -DFILES=${LIFTCL_FFT_EMBEDDED_ARG}
          -DOUT=${LIFTCL_FFT_EMBEDDED_CPP} -P ${PROJECT_SOURCE_DIR}/compiler/fft/embed_sources_script.cmake
  DEPENDS ${LIFTCL_FFT_EMBEDDED_DEPENDS} ${PROJECT_SOURCE_DIR}/compiler/fft/embed_sources_script.cmake
  COMMENT "Embedding the FFT .lift building blocks"
  VERBATIM)
target_sources(liftcl_frontend PRIVATE ${LIFTCL_FFT_EMBEDDED_CPP})
# liftcl fft --verify compares with FFTW.
target_link_libraries(liftcl_frontend PUBLIC fftw3 fftw3f)
