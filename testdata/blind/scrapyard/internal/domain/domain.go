// Package domain holds the error vocabulary shared by services and transports.
package domain

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

var (
	ErrNotFound = errors.New("not found")
	ErrConflict = errors.New("conflict")
	ErrInvalid  = errors.New("invalid request")
	ErrBlocked  = errors.New("blocked by compliance")
)

// Error carries a caller-safe message alongside one of the sentinels above.
type Error struct {
	Kind error
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%v: %s", e.Kind, e.Msg) }
func (e *Error) Unwrap() error { return e.Kind }

func NotFound(format string, args ...any) error {
	return &Error{Kind: ErrNotFound, Msg: fmt.Sprintf(format, args...)}
}

func Conflict(format string, args ...any) error {
	return &Error{Kind: ErrConflict, Msg: fmt.Sprintf(format, args...)}
}

func Invalid(format string, args ...any) error {
	return &Error{Kind: ErrInvalid, Msg: fmt.Sprintf(format, args...)}
}

func Blocked(format string, args ...any) error {
	return &Error{Kind: ErrBlocked, Msg: fmt.Sprintf(format, args...)}
}

// MillsPerCent: scrap is priced in mills (1/10 cent) per pound.
const MillsPerCent = 10

// TicketAmountCents prices a net weight, rounding half up to the cent.
func TicketAmountCents(netLb int32, pricePerLbMills int32) int64 {
	mills := int64(netLb) * int64(pricePerLbMills)
	return (mills + MillsPerCent/2) / MillsPerCent
}

// ParseTons validates a decimal tonnage string such as "22.500" and returns
// it normalised to three places, the precision of the contracts table.
func ParseTons(s string) (string, error) {
	s = strings.TrimSpace(s)
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f <= 0 || f > 100000 {
		return "", fmt.Errorf("tons %q must be a positive number", s)
	}
	return strconv.FormatFloat(f, 'f', 3, 64), nil
}

// FormatCents renders cents for SMS receipts.
func FormatCents(c int64) string {
	sign := ""
	if c < 0 {
		sign = "-"
		c = -c
	}
	return fmt.Sprintf("%s$%d.%02d", sign, c/100, c%100)
}
