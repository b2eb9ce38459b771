// Package logging builds the process logger.
package logging

import (
	"os"

	"go.uber.org/zap"
)

// New returns a production zap logger, or a development one when
// TOLLS_DEV_LOG is set.
func New() (*zap.Logger, error) {
	if os.Getenv("TOLLS_DEV_LOG") != "" {
		return zap.NewDevelopment()
	}
	return zap.NewProduction()
}
