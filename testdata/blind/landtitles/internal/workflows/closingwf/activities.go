package closingwf

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/dedup"
	"github.com/cobaltmesa/titleworks/internal/platform/jsonapi"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
	"github.com/cobaltmesa/titleworks/internal/provider/bankwire"
	"github.com/cobaltmesa/titleworks/internal/provider/recorder"
)

const (
	errWireRejected   = "WireRejected"
	errNoInstructions = "NoVerifiedInstructions"
)

// DisbursementStore is what the wire activities need from the database.
type DisbursementStore interface {
	VerifiedInstructions(ctx context.Context, closingID string) ([]domain.WireInstruction, error)
	Reserve(ctx context.Context, d *domain.Disbursement) (*domain.Disbursement, error)
	Get(ctx context.Context, id string) (*domain.Disbursement, error)
	MarkSent(ctx context.Context, id, transferID string, at time.Time) (bool, error)
	LogAttempt(ctx context.Context, a *domain.WireAttempt) error
}

// ClosingStore is what the closing activities need from the database.
type ClosingStore interface {
	Get(ctx context.Context, id string) (*domain.Closing, error)
	Transition(ctx context.Context, id, from, to string, at time.Time) (bool, error)
	InsertStatement(ctx context.Context, st *domain.ClosingStatement) error
	LedgerTotals(ctx context.Context, accountID string) (debits, credits int64, lines int, err error)
}

// RecordingStore persists recording packages.
type RecordingStore interface {
	EnsurePackage(ctx context.Context, p *domain.RecordingPackage) (*domain.RecordingPackage, error)
	MarkSubmitted(ctx context.Context, id, submissionID string, at time.Time) error
}

// OrderReader reads orders.
type OrderReader interface {
	Get(ctx context.Context, id string) (*domain.Order, error)
}

// WireSender originates wires.
type WireSender interface {
	SendTransfer(ctx context.Context, req bankwire.TransferRequest) (*bankwire.Transfer, error)
}

// Recorder submits recording packages.
type Recorder interface {
	Submit(ctx context.Context, s recorder.Submission) (*recorder.Receipt, error)
}

// Activities implements the closing activities. Function fields are set
// in main and pinned in tests.
type Activities struct {
	Tx            *txm.Manager
	Disbursements DisbursementStore
	Closings      ClosingStore
	Recordings    RecordingStore
	Orders        OrderReader
	Bank          WireSender
	Recorder      Recorder
	DocsBaseURL   string

	Now    func() time.Time
	NewID  func() string
	NewKey func() string
}

// ReserveDisbursements turns the closing's verified wire instructions into
// disbursement rows.
func (a *Activities) ReserveDisbursements(ctx context.Context, closingID string) ([]PlannedDisbursement, error) {
	var plan []PlannedDisbursement
	err := a.Tx.WithinTx(ctx, func(ctx context.Context) error {
		instrs, err := a.Disbursements.VerifiedInstructions(ctx, closingID)
		if err != nil {
			return err
		}
		if len(instrs) == 0 {
			return temporal.NewNonRetryableApplicationError("closing has no verified wire instructions", errNoInstructions, nil)
		}
		now := a.Now().UTC()
		for _, in := range instrs {
			d, err := a.Disbursements.Reserve(ctx, &domain.Disbursement{
				ID: a.NewID(), ClosingID: closingID, PayeeRole: in.PayeeRole, PayeeName: in.PayeeName,
				RoutingNumber: in.RoutingNumber, AccountNumber: in.AccountNumber,
				AmountCents: in.AmountCents, Status: domain.DisbReserved, CreatedAt: now,
			})
			if err != nil {
				return fmt.Errorf("reserve %s: %w", in.PayeeRole, err)
			}
			plan = append(plan, PlannedDisbursement{ID: d.ID, PayeeRole: d.PayeeRole, Amount: d.AmountCents})
		}
		return nil
	})
	return plan, err
}

// SendLenderPayoff wires the payoff to the seller's lender.
func (a *Activities) SendLenderPayoff(ctx context.Context, disbursementID string) (string, error) {
	d, err := a.Disbursements.Get(ctx, disbursementID)
	if err != nil {
		return "", err
	}
	if d.Status != domain.DisbReserved && d.BankTransferID != nil {
		return *d.BankTransferID, nil
	}
	key := dedup.Key("payoff", d.ClosingID, d.ID)
	return a.send(ctx, d, bankwire.TransferRequest{
		IdempotencyKey:   key,
		AmountCents:      d.AmountCents,
		BeneficiaryName:  d.PayeeName,
		RoutingNumber:    d.RoutingNumber,
		AccountNumber:    d.AccountNumber,
		OriginatorToBene: "PAYOFF " + d.ClosingID,
		EndToEndID:       d.ID,
	})
}

// SendSellerProceeds wires the seller's net proceeds.
func (a *Activities) SendSellerProceeds(ctx context.Context, disbursementID string) (string, error) {
	d, err := a.Disbursements.Get(ctx, disbursementID)
	if err != nil {
		return "", err
	}
	if d.Status != domain.DisbReserved && d.BankTransferID != nil {
		return *d.BankTransferID, nil
	}
	// Proceeds that come back (closed account, name mismatch) are re-sent
	// after the seller gives new instructions, and the bank would answer a
	// reused key with the returned wire, so each send gets its own key.
	req := bankwire.TransferRequest{
		IdempotencyKey:   a.NewKey(),
		AmountCents:      d.AmountCents,
		BeneficiaryName:  d.PayeeName,
		RoutingNumber:    d.RoutingNumber,
		AccountNumber:    d.AccountNumber,
		OriginatorToBene: "SELLER PROCEEDS " + d.ClosingID,
		EndToEndID:       d.ID,
	}
	return a.send(ctx, d, req)
}

// send originates the wire, appends to the attempt log and marks the
// disbursement sent.
func (a *Activities) send(ctx context.Context, d *domain.Disbursement, req bankwire.TransferRequest) (string, error) {
	info := activity.GetInfo(ctx)
	t, err := a.Bank.SendTransfer(ctx, req)

	attempt := &domain.WireAttempt{
		ID: a.NewID(), DisbursementID: d.ID, IdempotencyKey: req.IdempotencyKey,
		Outcome: "accepted", AttemptedAt: a.Now().UTC(),
	}
	if err != nil {
		attempt.Outcome = "error"
		attempt.ErrorDetail = truncate(fmt.Sprintf("attempt %d: %v", info.Attempt, err), 500)
	}
	if logErr := a.Disbursements.LogAttempt(ctx, attempt); logErr != nil {
		activity.GetLogger(ctx).Warn("wire attempt log failed", "disbursement", d.ID, "error", logErr)
	}
	if err != nil {
		if errors.Is(err, bankwire.ErrRejected) {
			return "", temporal.NewNonRetryableApplicationError("bank rejected wire", errWireRejected, err)
		}
		return "", err
	}
	if _, err := a.Disbursements.MarkSent(ctx, d.ID, t.ID, a.Now().UTC()); err != nil {
		return "", err
	}
	return t.ID, nil
}

// MarkFunded moves the closing to funded once every wire is out.
func (a *Activities) MarkFunded(ctx context.Context, closingID string) error {
	ok, err := a.Closings.Transition(ctx, closingID, domain.ClosingFunding, domain.ClosingFunded, a.Now().UTC())
	if err != nil || ok {
		return err
	}
	c, err := a.Closings.Get(ctx, closingID)
	if err != nil {
		return err
	}
	switch c.Status {
	case domain.ClosingFunded, domain.ClosingSettled, domain.ClosingRecorded:
		return nil
	}
	return temporal.NewNonRetryableApplicationError("closing in unexpected status "+c.Status, "BadClosingStatus", nil)
}

// RecordClosingStatement stores the settlement statement totals.
func (a *Activities) RecordClosingStatement(ctx context.Context, closingID string) error {
	c, err := a.Closings.Get(ctx, closingID)
	if err != nil {
		return err
	}
	debits, credits, lines, err := a.Closings.LedgerTotals(ctx, c.EscrowAccountID)
	if err != nil {
		return err
	}
	return a.Closings.InsertStatement(ctx, &domain.ClosingStatement{
		ClosingID: c.ID, TotalDebitsCents: debits, TotalCreditsCents: credits,
		LineCount: lines, GeneratedAt: a.Now().UTC(),
	})
}

// SubmitRecording sends the closing's documents to the county through the
// e-recording hub.
func (a *Activities) SubmitRecording(ctx context.Context, closingID string) (string, error) {
	c, err := a.Closings.Get(ctx, closingID)
	if err != nil {
		return "", err
	}
	o, err := a.Orders.Get(ctx, c.OrderID)
	if err != nil {
		return "", err
	}
	pkg, err := a.Recordings.EnsurePackage(ctx, &domain.RecordingPackage{
		ID: a.NewID(), ClosingID: c.ID, CountyFIPS: o.CountyFIPS, Status: "pending", CreatedAt: a.Now().UTC(),
	})
	if err != nil {
		return "", err
	}
	if pkg.RecorderSubmissionID != nil && pkg.Status != "rejected" {
		return *pkg.RecorderSubmissionID, nil
	}
	docs := []recorder.Document{{
		DocType: "deed", PDFURL: fmt.Sprintf("%s/closings/%s/deed.pdf", a.DocsBaseURL, c.ID),
		GrantorName: o.SellerName, GranteeName: o.BuyerName,
	}}
	if o.LoanAmountCents > 0 {
		docs = append(docs, recorder.Document{
			DocType: "deed_of_trust", PDFURL: fmt.Sprintf("%s/closings/%s/dot.pdf", a.DocsBaseURL, c.ID),
			GrantorName: o.BuyerName,
		})
	}
	receipt, err := a.Recorder.Submit(ctx, recorder.Submission{
		SubmitterRef: pkg.ID,
		CountyFIPS:   pkg.CountyFIPS,
		Documents:    docs,
	})
	submissionID := ""
	switch {
	case err == nil:
		submissionID = receipt.SubmissionID
	default:
		var se *jsonapi.StatusError
		if !errors.As(err, &se) || se.Status != http.StatusConflict {
			return "", err
		}
		var existing recorder.Receipt
		if jerr := json.Unmarshal([]byte(se.Body), &existing); jerr != nil || existing.SubmissionID == "" {
			return "", fmt.Errorf("hub reported duplicate without submission id: %w", err)
		}
		submissionID = existing.SubmissionID
	}
	if err := a.Recordings.MarkSubmitted(ctx, pkg.ID, submissionID, a.Now().UTC()); err != nil {
		return "", err
	}
	return submissionID, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
