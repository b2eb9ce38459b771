// Package platform bundles the infrastructure every binary needs.
package platform

import (
	"go.uber.org/fx"

	"github.com/harborline/brokerage/internal/platform/config"
	"github.com/harborline/brokerage/internal/platform/db"
	"github.com/harborline/brokerage/internal/platform/logging"
)

// Module provides configuration, logging and the database.
var Module = fx.Module("platform",
	fx.Provide(config.Load, logging.New),
	db.Module,
)
