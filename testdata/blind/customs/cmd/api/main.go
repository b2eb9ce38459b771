// Command api serves the importer API, the admin API and inbound webhooks.
package main

import (
	"go.uber.org/fx"

	"github.com/harborline/brokerage/internal/clients"
	"github.com/harborline/brokerage/internal/platform"
	"github.com/harborline/brokerage/internal/platform/awsx"
	"github.com/harborline/brokerage/internal/platform/httpserver"
	"github.com/harborline/brokerage/internal/platform/temporalx"
	"github.com/harborline/brokerage/internal/repository"
	"github.com/harborline/brokerage/internal/service"
	"github.com/harborline/brokerage/internal/transport/httpapi"
)

func main() {
	fx.New(
		platform.Module,
		awsx.Module,
		temporalx.Module,
		repository.Module,
		clients.Module,
		service.Module,
		httpserver.Module,
		httpapi.Module,
	).Run()
}
