package reports

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/tenantlens/screening/internal/domain"
	"github.com/tenantlens/screening/internal/notify"
)

// Callback is a bureau notification delivered through the callback queue.
type Callback struct {
	EventID        string          `json:"event_id"`
	Type           string          `json:"type"`
	OrderID        string          `json:"client_reference"`
	BureauOrderRef string          `json:"order_ref"`
	OccurredAt     time.Time       `json:"occurred_at"`
	Result         *ResultPayload  `json:"result,omitempty"`
	Dispute        *DisputePayload `json:"dispute,omitempty"`
	Failure        *FailurePayload `json:"failure,omitempty"`
}

type ResultPayload struct {
	Score          *int           `json:"score,omitempty"`
	Recommendation string         `json:"recommendation"`
	RecordCount    int            `json:"record_count"`
	Summary        map[string]any `json:"summary"`
	DocumentURL    string         `json:"document_url"`
}

type DisputePayload struct {
	DisputeID string `json:"dispute_id"`
	Reason    string `json:"reason"`
}

type FailurePayload struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// HandleCompleted applies a report.completed callback: result, order status,
// usage and landlord notifications all commit together with the inbox row.
func (s *Service) HandleCompleted(ctx context.Context, cb Callback) error {
	if cb.Result == nil {
		return fmt.Errorf("report.completed %s without result: %w", cb.EventID, domain.ErrInvalid)
	}
	return s.store.WithTx(ctx, func(tx *sql.Tx) error {
		claimed, err := s.store.ClaimBureauEvent(ctx, tx, cb.EventID, cb.Type, cb.OrderID)
		if err != nil {
			return err
		}
		if !claimed {
			return nil
		}
		o, err := s.store.GetOrder(ctx, tx, cb.OrderID)
		if err != nil {
			return fmt.Errorf("order %s: %w", cb.OrderID, err)
		}
		if err := s.store.SaveReportResult(ctx, tx, domain.ReportResult{
			OrderID:        o.ID,
			Score:          cb.Result.Score,
			Recommendation: cb.Result.Recommendation,
			RecordCount:    cb.Result.RecordCount,
			Summary:        cb.Result.Summary,
			DocumentURL:    cb.Result.DocumentURL,
		}); err != nil {
			return err
		}
		if err := s.store.CompleteOrder(ctx, tx, o.ID, cb.OccurredAt); err != nil {
			return err
		}
		app, err := s.store.GetApplication(ctx, tx, o.ApplicationID)
		if err != nil {
			return err
		}
		if err := s.store.RecordUsage(ctx, tx, domain.UsageRecord{
			ID:         "use_" + s.newID(),
			ManagerID:  app.ManagerID,
			OrderID:    o.ID,
			ReportType: o.ReportType,
			UnitCents:  s.pricing[o.ReportType],
			OccurredAt: cb.OccurredAt,
		}); err != nil {
			return err
		}
		if err := s.notifier.Enqueue(ctx, tx, app.ManagerID, "report.completed", cb.EventID, map[string]any{
			"application_id": app.ID,
			"order_id":       o.ID,
			"report_type":    o.ReportType,
			"recommendation": cb.Result.Recommendation,
		}); err != nil {
			return err
		}
		outstanding, err := s.store.OutstandingOrders(ctx, tx, app.ID)
		if err != nil || outstanding > 0 {
			return err
		}
		moved, err := s.store.TransitionApplication(ctx, tx, app.ID, []string{domain.AppScreening}, domain.AppReportsReady)
		if err != nil || !moved {
			return err
		}
		return s.notifier.Enqueue(ctx, tx, app.ManagerID, "application.reports_ready", "ready-"+app.ID, map[string]any{
			"application_id": app.ID,
		})
	})
}

// HandleDisputed records a consumer dispute the bureau opened against one of
// our reports and tells the landlord.
func (s *Service) HandleDisputed(ctx context.Context, cb Callback) error {
	if cb.Dispute == nil {
		return fmt.Errorf("report.disputed %s without dispute: %w", cb.EventID, domain.ErrInvalid)
	}
	return s.store.WithTx(ctx, func(tx *sql.Tx) error {
		o, err := s.store.GetOrder(ctx, tx, cb.OrderID)
		if err != nil {
			return err
		}
		if err := s.store.InsertDispute(ctx, tx, domain.Dispute{
			ID:              "dsp_" + s.newID(),
			OrderID:         o.ID,
			BureauDisputeID: cb.Dispute.DisputeID,
			Reason:          cb.Dispute.Reason,
			OpenedAt:        cb.OccurredAt,
		}); err != nil {
			return fmt.Errorf("insert dispute: %w", err)
		}
		app, err := s.store.GetApplication(ctx, tx, o.ApplicationID)
		if err != nil {
			return err
		}
		return s.notifier.Enqueue(ctx, tx, app.ManagerID, "report.disputed", cb.EventID, map[string]any{
			"application_id": app.ID,
			"order_id":       o.ID,
			"dispute_id":     cb.Dispute.DisputeID,
			"reason":         cb.Dispute.Reason,
		})
	})
}

// HandleFailed marks an order failed after the bureau gave up on it and
// alerts support so they can contact the manager.
func (s *Service) HandleFailed(ctx context.Context, cb Callback) error {
	reason := "bureau failure"
	if cb.Failure != nil {
		reason = cb.Failure.Code + ": " + cb.Failure.Message
	}
	var appID string
	err := s.store.WithTx(ctx, func(tx *sql.Tx) error {
		o, err := s.store.GetOrder(ctx, tx, cb.OrderID)
		if err != nil {
			return err
		}
		appID = o.ApplicationID
		return s.store.FailOrder(ctx, tx, o.ID, reason)
	})
	if err != nil {
		return err
	}
	return s.ops.Publish(ctx, notify.Notification{
		Type:          "order.failed",
		ApplicationID: appID,
		OrderID:       cb.OrderID,
		Detail:        map[string]any{"reason": reason, "bureau_ref": cb.BureauOrderRef},
		At:            cb.OccurredAt,
	})
}

// HandleAcknowledged applies order.acknowledged. The update only moves an
// order out of "submitted", so a replayed callback is a no-op.
func (s *Service) HandleAcknowledged(ctx context.Context, cb Callback) error {
	_, err := s.store.AcknowledgeOrder(ctx, cb.OrderID, cb.BureauOrderRef, cb.OccurredAt)
	return err
}
