// Package ids makes identifiers, some of them prefixed. // want package:`^generators\(summary/ids\.New\)$`
package ids

import "github.com/google/uuid"

// New returns a new identifier.
func New() string { return uuid.NewString() } // want New:`^summary\(fresh=\[r0 uuid\.NewString\]\)$`

// Prefixed joins a prefix to an identifier: the result carries both.
func Prefixed(prefix, id string) string { return prefix + "_" + id } // want Prefixed:`^summary\(paramResults=\[p0->r0; p1->r0\] resultFields=\[r0<-p0; r0<-p1\]\)$`

// Suffixed joins an identifier to what a function returns: no claim.
func Suffixed(id string) string { return id + suffix() }

func suffix() string { return "_x" }
