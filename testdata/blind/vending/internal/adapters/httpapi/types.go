package httpapi

import (
	"context"
	"time"

	"github.com/vendgrid/fleetops/internal/app"
	"github.com/vendgrid/fleetops/internal/domain"
)

// The handlers depend on these narrow interfaces rather than on the
// concrete services.

type PaymentUseCases interface {
	Authorize(ctx context.Context, cmd domain.AuthorizeCard) (domain.Payment, error)
	RecordVendResult(ctx context.Context, v domain.VendResult) error
	RefundPayment(ctx context.Context, cmd domain.RequestRefund) (domain.Refund, error)
	Get(ctx context.Context, id string) (domain.Payment, error)
}

type CollectionUseCases interface {
	Submit(ctx context.Context, cmd domain.SubmitCollection) (domain.Collection, error)
	Reconcile(ctx context.Context, id string) (domain.Collection, error)
	Get(ctx context.Context, id string) (domain.Collection, error)
}

type RestockUseCases interface {
	CreateManual(ctx context.Context, cmd domain.CreateRestockOrder) (domain.RestockOrder, error)
	Receive(ctx context.Context, cmd domain.ReceiveRestock) (domain.RestockOrder, error)
	Get(ctx context.Context, id string) (domain.RestockOrder, error)
}

type FaultUseCases interface {
	Dispatch(ctx context.Context, cmd domain.DispatchTechnician) (domain.Fault, error)
	Resolve(ctx context.Context, id string) (domain.Fault, error)
	Get(ctx context.Context, id string) (domain.Fault, error)
}

type MachineUseCases interface {
	Register(ctx context.Context, cmd domain.RegisterMachine) (domain.Machine, error)
	Get(ctx context.Context, id string) (domain.Machine, error)
}

type HostUseCases interface {
	AddAdjustment(ctx context.Context, cmd domain.CreateAdjustment) (domain.Adjustment, error)
}

type CardWebhookUseCases interface {
	LogDelivery(ctx context.Context, eventID, eventType string, signatureOK bool)
	HandleCardEvent(ctx context.Context, evt app.CardEvent) error
}

var (
	_ PaymentUseCases     = (*app.PaymentService)(nil)
	_ CollectionUseCases  = (*app.CollectionService)(nil)
	_ RestockUseCases     = (*app.RestockService)(nil)
	_ FaultUseCases       = (*app.FaultService)(nil)
	_ MachineUseCases     = (*app.MachineService)(nil)
	_ HostUseCases        = (*app.CommissionService)(nil)
	_ CardWebhookUseCases = (*app.WebhookService)(nil)
)

type paymentView struct {
	ID          string       `json:"id"`
	TxnRef      string       `json:"txn_ref"`
	Status      string       `json:"status"`
	VendStatus  string       `json:"vend_status"`
	AmountCents domain.Cents `json:"amount_cents"`
	Currency    string       `json:"currency"`
}

func toPaymentView(p domain.Payment) paymentView {
	return paymentView{
		ID:          p.ID,
		TxnRef:      p.MachineTxnRef,
		Status:      string(p.Status),
		VendStatus:  string(p.VendStatus),
		AmountCents: p.AmountCents,
		Currency:    p.Currency,
	}
}

type refundView struct {
	ID          string       `json:"id"`
	PaymentID   string       `json:"payment_id"`
	Status      string       `json:"status"`
	AmountCents domain.Cents `json:"amount_cents"`
}

type collectionView struct {
	ID            string        `json:"id"`
	MachineID     string        `json:"machine_id"`
	Status        string        `json:"status"`
	CountedCents  domain.Cents  `json:"counted_cents"`
	ExpectedCents *domain.Cents `json:"expected_cents,omitempty"`
	VarianceCents *domain.Cents `json:"variance_cents,omitempty"`
	CollectedAt   time.Time     `json:"collected_at"`
}

func toCollectionView(c domain.Collection) collectionView {
	return collectionView{
		ID:            c.ID,
		MachineID:     c.MachineID,
		Status:        string(c.Status),
		CountedCents:  c.CountedCents,
		ExpectedCents: c.ExpectedCents,
		VarianceCents: c.VarianceCents,
		CollectedAt:   c.CollectedAt,
	}
}

type restockView struct {
	ID                string               `json:"id"`
	MachineID         string               `json:"machine_id"`
	Status            string               `json:"status"`
	Source            string               `json:"source"`
	WholesalerOrderID string               `json:"wholesaler_order_id,omitempty"`
	Lines             []domain.RestockLine `json:"lines"`
}

func toRestockView(o domain.RestockOrder) restockView {
	return restockView{
		ID:                o.ID,
		MachineID:         o.MachineID,
		Status:            string(o.Status),
		Source:            string(o.Source),
		WholesalerOrderID: o.WholesalerOrderID,
		Lines:             o.Lines,
	}
}

type faultView struct {
	ID           string     `json:"id"`
	MachineID    string     `json:"machine_id"`
	Code         string     `json:"code"`
	Severity     string     `json:"severity"`
	Status       string     `json:"status"`
	ReportedAt   time.Time  `json:"reported_at"`
	DispatchedAt *time.Time `json:"dispatched_at,omitempty"`
	ResolvedAt   *time.Time `json:"resolved_at,omitempty"`
}

func toFaultView(f domain.Fault) faultView {
	return faultView{
		ID:           f.ID,
		MachineID:    f.MachineID,
		Code:         f.Code,
		Severity:     string(f.Severity),
		Status:       string(f.Status),
		ReportedAt:   f.ReportedAt,
		DispatchedAt: f.DispatchedAt,
		ResolvedAt:   f.ResolvedAt,
	}
}
