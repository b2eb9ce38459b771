package service

import (
	"go.uber.org/fx"

	"github.com/pooltrack/vanpool/internal/notify"
	"github.com/pooltrack/vanpool/internal/platform/idempotency"
	"github.com/pooltrack/vanpool/internal/provider/ach"
	"github.com/pooltrack/vanpool/internal/provider/leasing"
	"github.com/pooltrack/vanpool/internal/provider/payroll"
	"github.com/pooltrack/vanpool/internal/provider/sms"
	"github.com/pooltrack/vanpool/internal/repo"
)

// Repositories binds the pgx repositories to the store interfaces.
var Repositories = fx.Module("repositories",
	fx.Provide(
		fx.Annotate(repo.NewMembers, fx.As(new(MemberStore))),
		fx.Annotate(repo.NewVanpools, fx.As(new(VanpoolStore))),
		fx.Annotate(repo.NewRiders, fx.As(new(RiderStore))),
		fx.Annotate(repo.NewCredits, fx.As(new(CreditStore))),
		fx.Annotate(repo.NewFares, fx.As(new(FareStore))),
		fx.Annotate(repo.NewAdjustments, fx.As(new(AdjustmentStore))),
		fx.Annotate(repo.NewLeases, fx.As(new(LeaseStore))),
		fx.Annotate(repo.NewFuel, fx.As(new(FuelStore))),
		fx.Annotate(repo.NewReimbursements, fx.As(new(ReimbursementStore))),
		fx.Annotate(repo.NewMessaging, fx.As(new(MessagingStore))),
		repo.NewStreamEvents,
		idempotency.NewStore,
		idempotency.NewGuard,
	),
)

// Providers binds the outbound provider clients to the gateway interfaces.
var Providers = fx.Module("providers",
	fx.Provide(
		fx.Annotate(payroll.NewClient, fx.As(new(PayrollGateway))),
		fx.Annotate(leasing.NewClient, fx.As(new(LeasingGateway))),
		fx.Annotate(ach.NewClient, fx.As(new(ACHGateway))),
		fx.Annotate(sms.NewClient, fx.As(new(SMSGateway)), fx.As(new(notify.Sender))),
	),
)

// Module provides every service behind its interface.
var Module = fx.Module("services",
	Repositories,
	Providers,
	fx.Provide(
		fx.Annotate(NewDriverDirectory, fx.As(new(notify.DriverLookup))),
		fx.Annotate(notify.NewFuelAlerts, fx.As(new(FuelAlerter))),
		fx.Annotate(NewEnrollmentService, fx.As(new(Enrollment))),
		fx.Annotate(NewCreditService, fx.As(new(Credits))),
		fx.Annotate(NewFareService, fx.As(new(Fares))),
		fx.Annotate(NewLeaseService, fx.As(new(Leases))),
		fx.Annotate(NewFuelService, fx.As(new(Fuel))),
		fx.Annotate(NewReimbursementService, fx.As(new(Reimbursements))),
		fx.Annotate(NewMessagingService, fx.As(new(Messaging))),
	),
)
