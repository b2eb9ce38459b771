// Command worker runs the Temporal workers for declarations and billing.
package main

import (
	"go.uber.org/fx"

	"github.com/harborline/brokerage/internal/clients"
	"github.com/harborline/brokerage/internal/platform"
	"github.com/harborline/brokerage/internal/platform/awsx"
	"github.com/harborline/brokerage/internal/platform/temporalx"
	"github.com/harborline/brokerage/internal/repository"
	"github.com/harborline/brokerage/internal/workflows"
)

func main() {
	fx.New(
		platform.Module,
		awsx.Module,
		temporalx.Module,
		repository.Module,
		clients.Module,
		workflows.Module,
	).Run()
}
