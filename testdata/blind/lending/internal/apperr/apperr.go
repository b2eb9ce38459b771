// Package apperr carries error categories from the services to the transport
// layers, which map them to Connect codes and HTTP statuses.
package apperr

import (
	"errors"
	"fmt"
	"net/http"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type Kind int

const (
	Internal Kind = iota
	NotFound
	InvalidArgument
	FailedPrecondition
	AlreadyExists
	PermissionDenied
	Unavailable
)

type Error struct {
	Kind Kind
	Msg  string
	Err  error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Msg + ": " + e.Err.Error()
	}
	return e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

func New(k Kind, format string, args ...any) error {
	return &Error{Kind: k, Msg: fmt.Sprintf(format, args...)}
}

func Wrap(k Kind, err error, msg string) error {
	return &Error{Kind: k, Msg: msg, Err: err}
}

// KindOf classifies err, recognising pgx "no rows" and unique violations.
func KindOf(err error) Kind {
	var ae *Error
	if errors.As(err, &ae) {
		return ae.Kind
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return NotFound
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return AlreadyExists
	}
	return Internal
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

func ConnectCode(err error) connect.Code {
	switch KindOf(err) {
	case NotFound:
		return connect.CodeNotFound
	case InvalidArgument:
		return connect.CodeInvalidArgument
	case FailedPrecondition:
		return connect.CodeFailedPrecondition
	case AlreadyExists:
		return connect.CodeAlreadyExists
	case PermissionDenied:
		return connect.CodePermissionDenied
	case Unavailable:
		return connect.CodeUnavailable
	default:
		return connect.CodeInternal
	}
}

func HTTPStatus(err error) int {
	switch KindOf(err) {
	case NotFound:
		return http.StatusNotFound
	case InvalidArgument:
		return http.StatusBadRequest
	case FailedPrecondition, AlreadyExists:
		return http.StatusConflict
	case PermissionDenied:
		return http.StatusForbidden
	case Unavailable:
		return http.StatusServiceUnavailable
	default:
		return http.StatusInternalServerError
	}
}
