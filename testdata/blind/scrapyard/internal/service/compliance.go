package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/ironbridge-metals/yardops/internal/provider/stateportal"
	"github.com/ironbridge-metals/yardops/internal/queue"
	"github.com/ironbridge-metals/yardops/internal/retry"
	"github.com/ironbridge-metals/yardops/internal/store"
)

// ComplianceService keeps the per-transaction records the state requires and
// files them with the regulator once a day.
type ComplianceService struct {
	store     store.Store
	regulator Regulator
	logger    *slog.Logger
	now       func() time.Time
}

func NewComplianceService(st store.Store, regulator Regulator, logger *slog.Logger) *ComplianceService {
	return &ComplianceService{store: st, regulator: regulator, logger: logger, now: time.Now}
}

// businessDate is the calendar date of t at the yard.
func businessDate(t time.Time, tz string) time.Time {
	loc, err := time.LoadLocation(tz)
	if err != nil {
		loc = time.UTC
	}
	y, m, d := t.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// RecordLineItem captures a weighed ticket as a reportable transaction.
func (s *ComplianceService) RecordLineItem(ctx context.Context, _ queue.Envelope, msg TicketWeighed) error {
	t, err := s.store.GetWeighTicket(ctx, msg.TicketID)
	if store.IsNotFound(err) {
		return queue.Drop(fmt.Errorf("ticket %s not found", msg.TicketID))
	}
	if err != nil {
		return fmt.Errorf("load ticket: %w", err)
	}
	if !t.WeighedAt.Valid || !t.NetLb.Valid {
		return queue.Drop(fmt.Errorf("ticket %s has no outbound weight", t.ID))
	}
	yard, err := s.store.GetYard(ctx, t.YardID)
	if err != nil {
		return fmt.Errorf("load yard: %w", err)
	}

	if err := s.store.InsertComplianceLineItem(ctx, store.InsertComplianceLineItemParams{
		TicketID:     t.ID,
		YardID:       t.YardID,
		BusinessDate: businessDate(t.WeighedAt.Time, yard.Timezone),
		SellerID:     t.SellerID,
		MaterialCode: t.MaterialCode,
		NetLb:        t.NetLb.Int32,
		AmountCents:  t.AmountCents.Int64,
		VehiclePlate: t.VehiclePlate,
	}); err != nil {
		return fmt.Errorf("insert line item: %w", err)
	}
	return nil
}

// ReportVoid files a void correction for a ticket the regulator has already
// received; tickets not yet filed are simply left out of the day's batch.
func (s *ComplianceService) ReportVoid(ctx context.Context, env queue.Envelope, msg TicketVoided) error {
	item, err := s.store.GetComplianceLineItem(ctx, msg.TicketID)
	if store.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("load line item: %w", err)
	}
	if item.VoidedAt.Valid {
		return nil
	}
	report, err := s.store.GetComplianceReport(ctx, item.YardID, item.BusinessDate)
	filed := err == nil && (report.Status == "submitted" || report.Status == "accepted")
	if err != nil && !store.IsNotFound(err) {
		return fmt.Errorf("load report: %w", err)
	}

	correctionRef := ""
	if filed {
		yard, err := s.store.GetYard(ctx, item.YardID)
		if err != nil {
			return fmt.Errorf("load yard: %w", err)
		}
		t, err := s.store.GetWeighTicket(ctx, item.TicketID)
		if err != nil {
			return fmt.Errorf("load ticket: %w", err)
		}
		receipt, err := retry.DoValue(ctx, func(ctx context.Context) (stateportal.Receipt, error) {
			return s.regulator.SubmitCorrection(ctx, stateportal.Correction{
				SubmissionID: "void-" + env.ID,
				License:      yard.RegulatorLicense,
				TicketNumber: strconv.FormatInt(t.TicketNo, 10),
				Action:       "void",
				Reason:       msg.Reason,
			})
		})
		if err != nil {
			return fmt.Errorf("state portal correction: %w", err)
		}
		correctionRef = receipt.ReceiptID
	}
	if _, err := s.store.MarkLineItemVoided(ctx, item.TicketID, correctionRef); err != nil {
		return fmt.Errorf("mark voided: %w", err)
	}
	return nil
}

// SubmitDaily files yesterday's transactions for every active yard. One
// yard failing does not stop the others; the joined error is returned so the
// cron run is marked failed and re-run.
func (s *ComplianceService) SubmitDaily(ctx context.Context) error {
	yards, err := s.store.ListActiveYards(ctx)
	if err != nil {
		return fmt.Errorf("list yards: %w", err)
	}
	var errs []error
	for _, y := range yards {
		day := businessDate(s.now(), y.Timezone).AddDate(0, 0, -1)
		if err := s.submitYardDay(ctx, y, day); err != nil {
			errs = append(errs, fmt.Errorf("yard %s %s: %w", y.ID, day.Format("2006-01-02"), err))
		}
	}
	return errors.Join(errs...)
}

func (s *ComplianceService) submitYardDay(ctx context.Context, y store.Yard, day time.Time) error {
	if err := s.store.CreateComplianceReport(ctx, uuid.New(), y.ID, day); err != nil {
		return fmt.Errorf("create report: %w", err)
	}
	report, err := s.store.GetComplianceReport(ctx, y.ID, day)
	if err != nil {
		return fmt.Errorf("load report: %w", err)
	}
	if report.Status == "submitted" || report.Status == "accepted" {
		return nil
	}

	items, err := s.store.ListComplianceLineItems(ctx, y.ID, day)
	if err != nil {
		return fmt.Errorf("list line items: %w", err)
	}
	batch := stateportal.Batch{
		License:      y.RegulatorLicense,
		BusinessDate: day.Format("2006-01-02"),
		Transactions: make([]stateportal.Transaction, 0, len(items)),
	}
	for _, it := range items {
		t, err := s.store.GetWeighTicket(ctx, it.TicketID)
		if err != nil {
			return fmt.Errorf("load ticket %s: %w", it.TicketID, err)
		}
		batch.Transactions = append(batch.Transactions, stateportal.Transaction{
			TicketNumber: strconv.FormatInt(t.TicketNo, 10),
			SellerRef:    it.SellerID.String(),
			Material:     it.MaterialCode,
			NetPounds:    it.NetLb,
			AmountCents:  it.AmountCents,
			VehiclePlate: it.VehiclePlate,
		})
	}

	receipt, err := retry.DoValue(ctx, func(ctx context.Context) (stateportal.Receipt, error) {
		return s.regulator.SubmitBatch(ctx, batch)
	}, retry.WithMaxElapsed(2*time.Minute))
	if err != nil {
		var r retry.Retryable
		if errors.As(err, &r) && !r.Retryable() {
			if merr := s.store.MarkComplianceReportRejected(ctx, report.ID, err.Error()); merr != nil {
				return errors.Join(err, merr)
			}
		}
		return fmt.Errorf("state portal batch: %w", err)
	}
	if err := s.store.MarkComplianceReportSubmitted(ctx, report.ID, receipt.ReceiptID, int32(len(batch.Transactions))); err != nil {
		return fmt.Errorf("mark submitted: %w", err)
	}
	s.logger.InfoContext(ctx, "compliance batch filed",
		"yard", y.ID, "date", batch.BusinessDate, "lines", len(batch.Transactions), "receipt", receipt.ReceiptID)
	return nil
}
