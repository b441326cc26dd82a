#ifndef PIEC_CYAML_SHIM_H
#define PIEC_CYAML_SHIM_H
#include <yaml.h>
#endif
