package model

import "errors"

// ErrNotFound is returned by repositories when a lookup matches no row.
var ErrNotFound = errors.New("not found")

// ErrConflict is returned when a write collides with an existing row whose
// contents differ from the request.
var ErrConflict = errors.New("conflict")
