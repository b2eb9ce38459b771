package app

import (
	"log/slog"

	"go.uber.org/fx"

	"github.com/skyhop-logistics/dronedelivery/internal/command"
	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/metrics"
	"github.com/skyhop-logistics/dronedelivery/internal/service/billing"
	"github.com/skyhop-logistics/dronedelivery/internal/service/depots"
	"github.com/skyhop-logistics/dronedelivery/internal/service/flights"
	"github.com/skyhop-logistics/dronedelivery/internal/service/orders"
	"github.com/skyhop-logistics/dronedelivery/internal/service/pod"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

// Commands are the decorated command handlers exposed over gRPC and admin HTTP.
type Commands struct {
	CreateOrder    command.Handler[orders.CreateOrderCmd, *domain.Order]
	UpgradeExpress command.Handler[orders.UpgradeCmd, *domain.Order]
	FilePlan       command.Handler[flights.FilePlanCmd, *domain.FlightPlan]
	CancelPlan     command.Handler[flights.CancelPlanCmd, *domain.FlightPlan]
	RecordSwap     command.Handler[depots.RecordSwapCmd, *domain.BatterySwap]
	ReportSlots    command.Handler[depots.SlotReport, int]
	SubmitPOD      command.Handler[pod.SubmitCmd, *domain.ProofOfDelivery]
	GoodwillRefund command.Handler[billing.GoodwillRefundCmd, *domain.Refund]
	IssueCredit    command.Handler[billing.IssueCreditCmd, *domain.CreditNote]
	RunBilling     command.Handler[billing.RunCmd, billing.RunSummary]
}

// CommandParams are the inputs of NewCommands.
type CommandParams struct {
	fx.In

	Log     *slog.Logger
	Metrics metrics.Recorder
	Store   store.Store
	Orders  *orders.Service
	Flights *flights.Service
	Depots  *depots.Service
	POD     *pod.Service
	Billing *billing.Service
}

// NewCommands wraps every service method in the logging/metrics/audit decorator.
func NewCommands(p CommandParams) *Commands {
	opts := []command.Option{
		command.WithLogger(p.Log),
		command.WithMetrics(p.Metrics),
		command.WithCommandLog(p.Store.CommandLog()),
	}
	return &Commands{
		CreateOrder:    command.Decorate("orders.create", command.HandlerFunc[orders.CreateOrderCmd, *domain.Order](p.Orders.CreateOrder), opts...),
		UpgradeExpress: command.Decorate("orders.upgrade_express", command.HandlerFunc[orders.UpgradeCmd, *domain.Order](p.Orders.UpgradeToExpress), opts...),
		FilePlan:       command.Decorate("flights.file_plan", command.HandlerFunc[flights.FilePlanCmd, *domain.FlightPlan](p.Flights.FilePlan), opts...),
		CancelPlan:     command.Decorate("flights.cancel_plan", command.HandlerFunc[flights.CancelPlanCmd, *domain.FlightPlan](p.Flights.CancelPlan), opts...),
		RecordSwap:     command.Decorate("depots.record_swap", command.HandlerFunc[depots.RecordSwapCmd, *domain.BatterySwap](p.Depots.RecordSwap), opts...),
		ReportSlots:    command.Decorate("depots.report_slots", command.HandlerFunc[depots.SlotReport, int](p.Depots.ReportSlots), opts...),
		SubmitPOD:      command.Decorate("pod.submit", command.HandlerFunc[pod.SubmitCmd, *domain.ProofOfDelivery](p.POD.Submit), opts...),
		GoodwillRefund: command.Decorate("billing.goodwill_refund", command.HandlerFunc[billing.GoodwillRefundCmd, *domain.Refund](p.Billing.RequestGoodwillRefund), opts...),
		IssueCredit:    command.Decorate("billing.issue_credit", command.HandlerFunc[billing.IssueCreditCmd, *domain.CreditNote](p.Billing.IssueCredit), opts...),
		RunBilling:     command.Decorate("billing.run_invoices", command.HandlerFunc[billing.RunCmd, billing.RunSummary](p.Billing.RunInvoices), opts...),
	}
}

// CommandsModule provides *Commands.
var CommandsModule = fx.Module("commands", fx.Provide(NewCommands))
