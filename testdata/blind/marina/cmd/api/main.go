// Command api serves the marina's HTTP API and provider webhooks.
package main

import (
	"go.uber.org/fx"

	"github.com/harbourline/marina/internal/httpapi"
	"github.com/harbourline/marina/internal/platform"
	"github.com/harbourline/marina/internal/service/billing"
	"github.com/harbourline/marina/internal/service/boatyard"
	"github.com/harbourline/marina/internal/service/booking"
	"github.com/harbourline/marina/internal/service/fuel"
	"github.com/harbourline/marina/internal/service/notify"
	"github.com/harbourline/marina/internal/service/power"
	"github.com/harbourline/marina/internal/service/seasonal"
	"github.com/harbourline/marina/internal/service/settlement"
	"github.com/harbourline/marina/internal/storage"
)

func main() {
	fx.New(
		platform.FxLogger(),
		platform.Core,
		platform.Providers,
		platform.Services,
		platform.InsertOnlyQueue,
		fx.Provide(
			func(s *booking.Service) httpapi.ReservationService { return s },
			func(s *seasonal.Service) httpapi.ContractService { return s },
			func(s *fuel.Service) httpapi.FuelService { return s },
			func(s *boatyard.Service) httpapi.WorkOrderService { return s },
			func(s *power.Service) httpapi.PowerService { return s },
			func(s *billing.Service) httpapi.RefundService { return s },
			func(s *billing.Service) httpapi.StripeEventService { return s },
			func(s *notify.Service) httpapi.BroadcastService { return s },
			func(s *notify.Service) httpapi.DeliveryReportService { return s },
			func(s *settlement.Service) httpapi.SettlementAckService { return s },
			func(s storage.Store) httpapi.IdempotencyStore { return s.Repos().Idempotency },
		),
		httpapi.Module,
	).Run()
}
