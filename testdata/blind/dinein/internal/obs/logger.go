// Package obs holds logging and metrics plumbing shared by every binary.
package obs

import (
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/config"
)

// NewLogger builds the process logger.
func NewLogger(cfg config.Config) (*zap.Logger, error) {
	if cfg.Production() {
		return zap.NewProduction()
	}
	return zap.NewDevelopment()
}
