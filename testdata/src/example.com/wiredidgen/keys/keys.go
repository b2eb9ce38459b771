// Package keys holds the generators services set for themselves; the
// program's main package does not import it.
package keys

import "github.com/google/uuid"

// Generator returns an identifier.
type Generator func() string

// New returns a random UUID.
func New() string { return uuid.NewString() }

// Shelf returns the shelf's fixed name.
func Shelf() string { return "main-shelf" }

// Default is the generator services set unless a test pins it.
var Default Generator = New

// Fixed names the shelf every transfer goes to.
var Fixed Generator = Shelf
