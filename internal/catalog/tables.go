package catalog

// This file is the API knowledge of idemlint, as data. Function keys are
// FuncKey strings; "pkg.*.M" matches method M of any type in pkg. Each
// row is the real API of the library it names.

// An SQLCall executes SQL text given at Query with arguments from Args on
// (counted without the receiver). Named is set for named parameters bound
// from a struct or map argument.
type SQLCall struct {
	Query, Args int
	Named       bool
}

// A Slot is where an external request carries its idempotency key, a
// published message its ID, or a job its unique key.
type Slot struct {
	What string // what the value identifies, for messages
}

// headerSetters set a header (arg 0) to a value (arg 1); they are key slots
// when the header is an idempotency header.
var headerSetters = map[string][]string{
	"(net/http.Header).Set":                   nil, // headers from the configuration
	"(net/http.Header).Add":                   nil,
	"(github.com/nats-io/nats.go.Header).Set": {"Nats-Msg-Id"},
	"(github.com/nats-io/nats.go.Header).Add": {"Nats-Msg-Id"},
}
