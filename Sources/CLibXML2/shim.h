#ifndef CONFORMANCE_CLIBXML2_SHIM_H
#define CONFORMANCE_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU; its headers then pull in the system ICU headers, whose
// UErrorCode clashes with the copy Foundation ships ("different definitions in different
// modules"). Nothing here needs ICU, so hide it before the other headers are read.
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlwriter.h>
#include <libxml/xpath.h>

// `xmlFree` is a global function-pointer variable; Swift 6 rejects touching global mutable C
// state, so memory that libxml2 hands back is released through this wrapper instead.
static inline void conformance_xmlFree(void *pointer) { xmlFree(pointer); }

#endif
