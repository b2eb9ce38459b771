// Package status is a stub of google.golang.org/grpc/status for analysistest.
package status

import "google.golang.org/grpc/codes"

type Status struct {
	c   codes.Code
	msg string
}

func (s *Status) Code() codes.Code { return s.c }
func (s *Status) Message() string  { return s.msg }
func (s *Status) Err() error       { return nil }

func New(c codes.Code, msg string) *Status               { return &Status{c: c, msg: msg} }
func Error(c codes.Code, msg string) error               { return nil }
func Errorf(c codes.Code, format string, a ...any) error { return nil }
func FromError(err error) (s *Status, ok bool)           { return nil, false }
func Code(err error) codes.Code                          { return codes.Unknown }
