/* toml.c — placeholder while written */
#include "geno/rt.h"
#include "dataformats.h"
GenoAdt *geno_toml_parse(GenoStr *text, GenoLoc loc) { (void)text; (void)loc; return geno_err(0); }
