package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/vendgrid/fleetops/internal/domain"
	"github.com/vendgrid/fleetops/internal/platform/ids"
)

// TopicLowStock is the bus topic consumed by the restock worker.
const TopicLowStock = "inventory.low-stock"

// TelemetryService applies machine telemetry to the operational store. Each
// method handles one event kind and is invoked by the Kafka consumers.
type TelemetryService struct {
	tx       TxRunner
	machines MachineRepository
	sales    SaleRepository
	payments PaymentRepository
	refunds  RefundRepository
	faults   FaultRepository
	counters CounterRepository
	outbox   OutboxRepository
	card     CardProcessor
	log      *slog.Logger
}

type TelemetryDeps struct {
	Tx       TxRunner
	Machines MachineRepository
	Sales    SaleRepository
	Payments PaymentRepository
	Refunds  RefundRepository
	Faults   FaultRepository
	Counters CounterRepository
	Outbox   OutboxRepository
	Card     CardProcessor
	Log      *slog.Logger
}

func NewTelemetryService(d TelemetryDeps) *TelemetryService {
	return &TelemetryService{
		tx:       d.Tx,
		machines: d.Machines,
		sales:    d.Sales,
		payments: d.Payments,
		refunds:  d.Refunds,
		faults:   d.Faults,
		counters: d.Counters,
		outbox:   d.Outbox,
		card:     d.Card,
		log:      d.Log.With("svc", "telemetry"),
	}
}

// HandleSale records a vend and decrements the slot. When the slot reaches
// its par level a low-stock event is queued through the outbox.
func (s *TelemetryService) HandleSale(ctx context.Context, env domain.Envelope, ev domain.SaleEvent) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		inserted, err := s.sales.Insert(ctx, domain.Sale{
			ID:          ids.New(),
			MachineID:   env.MachineID,
			MachineSeq:  env.Seq,
			ProductID:   ev.ProductID,
			AmountCents: ev.AmountCents,
			Method:      ev.Method,
			PaymentID:   ev.PaymentID,
			SoldAt:      env.OccurredAt,
		})
		if err != nil {
			return fmt.Errorf("insert sale: %w", err)
		}
		if !inserted {
			return nil
		}
		slot, err := s.machines.DecrementStock(ctx, env.MachineID, ev.ProductID, 1)
		if err != nil {
			return fmt.Errorf("decrement stock: %w", err)
		}
		if !slot.NeedsRestock() {
			return nil
		}
		return s.outbox.Enqueue(ctx, TopicLowStock, env.MachineID, domain.LowStock{
			MachineID: env.MachineID,
			ProductID: ev.ProductID,
			Quantity:  slot.Quantity,
			ParLevel:  slot.ParLevel,
			At:        env.OccurredAt,
		})
	})
}

// HandleVendFailure reverses a card payment whose product did not drop:
// an uncaptured authorisation is voided, a captured one is refunded.
func (s *TelemetryService) HandleVendFailure(ctx context.Context, env domain.Envelope, ev domain.VendFailureEvent) error {
	if ev.PaymentID == "" {
		// Cash vend; the coin mech already returned the money.
		return nil
	}
	p, err := s.payments.Get(ctx, ev.PaymentID)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.WarnContext(ctx, "vend failure for unknown payment", "payment_id", ev.PaymentID, "event_id", env.EventID)
		return nil
	}
	if err != nil {
		return err
	}

	var refund domain.Refund
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.payments.SetVendStatus(ctx, p.ID, domain.VendFailed); err != nil {
			return err
		}
		amount := ev.AmountCents
		if amount <= 0 || amount > p.AmountCents {
			amount = p.AmountCents
		}
		r, err := s.refunds.InsertForVendFailure(ctx, domain.Refund{
			ID:               uuid.NewString(),
			PaymentID:        p.ID,
			AmountCents:      amount,
			Reason:           domain.RefundVendFailure,
			Status:           domain.RefundPending,
			TelemetryEventID: env.EventID,
		})
		refund = r
		return err
	})
	if err != nil {
		return fmt.Errorf("record vend failure: %w", err)
	}
	if refund.Status == domain.RefundCompleted {
		return nil
	}

	key := "vendfail:" + env.EventID
	var (
		res CardOpResult
		to  domain.PaymentStatus
	)
	switch p.Status {
	case domain.PaymentAuthorized:
		res, err = s.card.Void(ctx, CardVoid{AuthorizationID: p.ProviderAuthID, IdempotencyKey: key})
		to = domain.PaymentVoided
	case domain.PaymentCaptured, domain.PaymentSettled:
		res, err = s.card.Refund(ctx, CardRefund{
			CaptureID:      p.ProviderCaptureID,
			AmountCents:    refund.AmountCents,
			Reason:         "vend_failure",
			IdempotencyKey: key,
		})
		to = domain.PaymentRefunded
	default:
		s.log.InfoContext(ctx, "vend failure on payment with nothing to reverse", "payment_id", p.ID, "status", p.Status)
		return nil
	}
	if err != nil {
		return fmt.Errorf("reverse payment %s: %w", p.ID, err)
	}

	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.refunds.Complete(ctx, refund.ID, res.ID); err != nil {
			return err
		}
		_, err := s.payments.MarkReversed(ctx, p.ID, to)
		return err
	})
}

// HandleFault opens a fault ticket for the ops console.
func (s *TelemetryService) HandleFault(ctx context.Context, env domain.Envelope, ev domain.FaultEvent) error {
	f := domain.Fault{
		ID:         uuid.New().String(),
		MachineID:  env.MachineID,
		Code:       ev.Code,
		Severity:   domain.ParseSeverity(ev.Severity),
		Detail:     ev.Detail,
		Status:     domain.FaultOpen,
		ReportedAt: env.OccurredAt,
	}
	if err := s.faults.Insert(ctx, f); err != nil {
		return fmt.Errorf("insert fault: %w", err)
	}
	if f.Severity == domain.SeverityCritical {
		s.log.WarnContext(ctx, "critical fault", "machine_id", f.MachineID, "code", f.Code, "fault_id", f.ID)
	}
	return nil
}

// HandleCounter stores a cash counter reading. Readings are used by
// collection reconciliation.
func (s *TelemetryService) HandleCounter(ctx context.Context, env domain.Envelope, ev domain.CounterEvent) error {
	return s.counters.Insert(ctx, domain.CounterReading{
		MachineID:   env.MachineID,
		ReadingSeq:  ev.ReadingSeq,
		CashInCents: ev.CashInCents,
		CoinsCents:  ev.CoinsCents,
		BillsCents:  ev.BillsCents,
		ReadAt:      env.OccurredAt,
	})
}

// HandleHeartbeat moves the machine's last-seen time forward.
func (s *TelemetryService) HandleHeartbeat(ctx context.Context, env domain.Envelope, ev domain.HeartbeatEvent) error {
	moved, err := s.machines.TouchLastSeen(ctx, env.MachineID, env.OccurredAt)
	if err != nil {
		return err
	}
	if !moved {
		s.log.DebugContext(ctx, "stale heartbeat", "machine_id", env.MachineID, "at", env.OccurredAt)
	}
	if ev.TempCelsius > 8 {
		s.log.InfoContext(ctx, "machine running warm", "machine_id", env.MachineID, "temp_c", ev.TempCelsius)
	}
	return nil
}
