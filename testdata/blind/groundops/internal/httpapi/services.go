package httpapi

import (
	"context"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/apronworks/groundops/internal/adhoc"
	"github.com/apronworks/groundops/internal/crew"
	"github.com/apronworks/groundops/internal/deicing"
	"github.com/apronworks/groundops/internal/fuel"
	"github.com/apronworks/groundops/internal/models"
	"github.com/apronworks/groundops/internal/payments"
	"github.com/apronworks/groundops/internal/tasks"
	"github.com/apronworks/groundops/internal/turnaround"
)

// The handlers depend on these interfaces; main wires the concrete
// services in.

type TurnaroundService interface {
	Get(ctx context.Context, id string) (*models.Turnaround, error)
	AddServiceLine(ctx context.Context, turnaroundID string, in turnaround.ServiceLineInput) (*models.ServiceLine, error)
	RecordBaggageLoad(ctx context.Context, turnaroundID string, in turnaround.BaggageLoadInput) (*models.BaggageLoad, error)
	SignOff(ctx context.Context, turnaroundID, signedBy, loadsheetRef string) error
}

type CrewService interface {
	Member(ctx context.Context, id string) (*models.CrewMember, error)
	Assign(ctx context.Context, turnaroundID string, in crew.AssignInput) ([]models.CrewAssignment, error)
	RecordCallout(ctx context.Context, rec crew.CalloutRecord) error
}

type TaskService interface {
	Complete(ctx context.Context, taskID string, in tasks.CompleteInput) (*models.Task, error)
	RecordEvent(ctx context.Context, taskID string, in tasks.EventInput) error
}

type FuelService interface {
	RequestFuel(ctx context.Context, turnaroundID string, in fuel.RequestInput) (*models.FuelOrder, error)
	RecordDelivery(ctx context.Context, n fuel.DeliveryNotice) error
}

type DeicingService interface {
	Request(ctx context.Context, turnaroundID string, in deicing.RequestInput) (*models.DeiceReservation, error)
}

type AdhocService interface {
	PlaceOrder(ctx context.Context, in adhoc.OrderInput) (*models.AdhocOrder, error)
	Surcharge(ctx context.Context, orderID string, in adhoc.SurchargeInput) (*payments.Charge, error)
	Cancel(ctx context.Context, orderID string, slotAt time.Time) (*models.AdhocOrder, error)
	HandleStripeEvent(ctx context.Context, ev stripe.Event) error
}

// WebhookVerifier checks and parses a Stripe webhook body.
type WebhookVerifier interface {
	ParseWebhook(payload []byte, signature string) (stripe.Event, error)
}

// Pager sends an SMS to a crew member.
type Pager interface {
	Send(ctx context.Context, to, text string) (string, error)
}
