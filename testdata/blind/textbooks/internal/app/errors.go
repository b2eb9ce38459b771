package app

import (
	"errors"
	"net/http"
)

// Error is a domain error with a status the HTTP adapter can use.
type Error struct {
	Status int
	Msg    string
}

func (e *Error) Error() string   { return e.Msg }
func (e *Error) HTTPStatus() int { return e.Status }

func NotFound(msg string) error { return &Error{Status: http.StatusNotFound, Msg: msg} }
func Conflict(msg string) error { return &Error{Status: http.StatusConflict, Msg: msg} }
func Invalid(msg string) error  { return &Error{Status: http.StatusUnprocessableEntity, Msg: msg} }
func Gone(msg string) error     { return &Error{Status: http.StatusGone, Msg: msg} }

// ErrNoRows is returned by repositories when nothing matched.
var ErrNoRows = errors.New("no rows")

// ErrStale is returned by conditional updates that matched nothing because
// the row had already moved on.
var ErrStale = errors.New("row state changed")
