// Package watermill is a stub of github.com/ThreeDotsLabs/watermill v1.5.1 for analysistest.
package watermill

type LogFields map[string]interface{}

type LoggerAdapter interface {
	Error(msg string, err error, fields LogFields)
	Info(msg string, fields LogFields)
	Debug(msg string, fields LogFields)
	Trace(msg string, fields LogFields)
	With(fields LogFields) LoggerAdapter
}

func NewUUID() string      { return "" }
func NewShortUUID() string { return "" }
func NewULID() string      { return "" }
