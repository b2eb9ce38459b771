// Package claims bills prescriptions to the patient's PBM and applies the
// adjudication results.
package claims

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/notify"
	"github.com/cedarleaf/pharmacy/internal/patient"
	"github.com/cedarleaf/pharmacy/internal/platform/ids"
	"github.com/cedarleaf/pharmacy/internal/platform/retryx"
	"github.com/cedarleaf/pharmacy/internal/provider/pbm"
	"github.com/cedarleaf/pharmacy/internal/store"
	"github.com/cedarleaf/pharmacy/internal/tasks"
)

var (
	ErrNotFound    = errors.New("claims: not found")
	ErrNotRejected = errors.New("claims: only rejected claims can be resubmitted")
)

// Switch is the claims part of the PBM client.
type Switch interface {
	SubmitClaim(ctx context.Context, in pbm.ClaimRequest, opts ...pbm.CallOption) (*pbm.ClaimResponse, error)
	ReverseClaim(ctx context.Context, claimRef string, in pbm.ReversalRequest, opts ...pbm.CallOption) (*pbm.ReversalResponse, error)
}

// Service implements claim adjudication.
type Service struct {
	store store.Store
	jobs  tasks.Inserter
	pbm   Switch
	retry retryx.Policy
	now   func() time.Time
}

// NewService builds a Service.
func NewService(st store.Store, jobs tasks.Inserter, sw Switch) *Service {
	return &Service{store: st, jobs: jobs, pbm: sw, retry: retryx.Default, now: time.Now}
}

type claimContext struct {
	claim   db.Claim
	order   db.Order
	rx      db.Prescription
	patient db.Patient
}

func (s *Service) load(ctx context.Context, claim db.Claim) (claimContext, error) {
	cc := claimContext{claim: claim}
	var err error
	if cc.order, err = s.store.GetOrder(ctx, claim.OrderID); err != nil {
		return cc, fmt.Errorf("load order: %w", err)
	}
	if cc.rx, err = s.store.GetPrescription(ctx, cc.order.PrescriptionID); err != nil {
		return cc, fmt.Errorf("load prescription: %w", err)
	}
	if cc.patient, err = s.store.GetPatient(ctx, cc.order.PatientID); err != nil {
		return cc, fmt.Errorf("load patient: %w", err)
	}
	return cc, nil
}

func (cc claimContext) request(dateOfService time.Time) pbm.ClaimRequest {
	return pbm.ClaimRequest{
		ClaimID:       cc.claim.ID.String(),
		Member:        patient.MemberOf(cc.patient),
		PrescriberNPI: cc.rx.PrescriberNpi,
		NDC:           cc.order.Ndc,
		Quantity:      cc.order.Quantity,
		DaysSupply:    cc.rx.DaysSupply,
		FillNumber:    cc.order.FillNumber,
		RxNumber:      cc.rx.ExternalRxID,
		DateOfService: dateOfService.Format("20060102"),
		BilledCents:   cc.claim.BilledCents,
	}
}

// Adjudicate submits the claim for an order. The claim row, whose ID is
// derived from the order, is committed before the PBM is called and that ID
// is the PBM idempotency key, so every attempt of the job is the same claim
// to the PBM.
func (s *Service) Adjudicate(ctx context.Context, orderID uuid.UUID) error {
	order, err := s.store.GetOrder(ctx, orderID)
	if err != nil {
		return fmt.Errorf("load order: %w", err)
	}
	if order.Status != "pending_adjudication" {
		return nil
	}
	claim, err := s.store.EnsureClaim(ctx, db.EnsureClaimParams{
		ID:          ids.Derive("claim", order.ID.String()),
		OrderID:     order.ID,
		BilledCents: order.PriceCents,
	})
	if err != nil {
		return fmt.Errorf("ensure claim: %w", err)
	}
	switch claim.Status {
	case "paid", "rejected", "reversed", "pended":
		return nil
	}

	cc, err := s.load(ctx, claim)
	if err != nil {
		return err
	}
	req := cc.request(s.now())
	resp, err := retryx.Do(ctx, s.retry, func(ctx context.Context) (*pbm.ClaimResponse, error) {
		return s.pbm.SubmitClaim(ctx, req, pbm.WithIdempotencyKey(claim.ID.String()))
	})
	if err != nil {
		return fmt.Errorf("submit claim: %w", err)
	}
	return s.applyAdjudication(ctx, cc, resp, "b1:"+claim.ID.String())
}

// applyAdjudication records a PBM response against the claim and moves the
// order on.
func (s *Service) applyAdjudication(ctx context.Context, cc claimContext, resp *pbm.ClaimResponse, sourceRef string) error {
	return s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		if resp.ClaimRef != "" && resp.ClaimRef != cc.claim.PbmClaimRef.String {
			if err := q.MarkClaimSubmitted(ctx, db.MarkClaimSubmittedParams{ID: cc.claim.ID, PbmClaimRef: store.Text(resp.ClaimRef)}); err != nil {
				return err
			}
		}
		if resp.Status == "pended" {
			return q.RecordAdjudication(ctx, db.RecordAdjudicationParams{ID: cc.claim.ID, Status: "pended"})
		}
		if err := q.RecordAdjudication(ctx, db.RecordAdjudicationParams{
			ID:            cc.claim.ID,
			Status:        resp.Status,
			PlanPaidCents: resp.PlanPaidCents,
			CopayCents:    resp.CopayCents,
			RejectCodes:   resp.RejectCodes,
		}); err != nil {
			return err
		}

		if resp.Status == "rejected" {
			if err := q.UpdateOrderStatus(ctx, db.UpdateOrderStatusParams{ID: cc.order.ID, Status: "claim_rejected"}); err != nil {
				return err
			}
			return s.queueSMS(ctx, q, tx, cc, notify.TemplateClaimRejected, nil)
		}

		for _, e := range []struct {
			kind   string
			amount int64
		}{{"plan_paid", resp.PlanPaidCents}, {"patient_copay", resp.CopayCents}} {
			if err := q.InsertClaimLedgerEntry(ctx, db.InsertClaimLedgerEntryParams{
				ClaimID:     cc.claim.ID,
				EntryType:   e.kind,
				AmountCents: e.amount,
				SourceRef:   store.Text(sourceRef),
			}); err != nil {
				return err
			}
		}

		next := "awaiting_payment"
		if resp.CopayCents == 0 {
			next = "paid"
		}
		if err := q.SetOrderPricing(ctx, db.SetOrderPricingParams{
			ID:         cc.order.ID,
			PriceCents: cc.order.PriceCents,
			CopayCents: resp.CopayCents,
			Status:     next,
		}); err != nil {
			return err
		}
		switch {
		case next == "paid":
			_, err := s.jobs.InsertTx(ctx, tx, tasks.FulfilOrderArgs{OrderID: cc.order.ID}, nil)
			return err
		case cc.patient.Autopay:
			_, err := s.jobs.InsertTx(ctx, tx, tasks.CaptureCopayArgs{OrderID: cc.order.ID}, nil)
			return err
		default:
			return s.queueSMS(ctx, q, tx, cc, notify.TemplatePaymentNeeded, map[string]any{"Amount": notify.Money(resp.CopayCents)})
		}
	})
}

func (s *Service) queueSMS(ctx context.Context, q *db.Queries, tx pgx.Tx, cc claimContext, template string, vars map[string]any) error {
	if !cc.patient.SmsOptIn {
		return nil
	}
	if vars == nil {
		vars = map[string]any{}
	}
	vars["Drug"] = cc.rx.DrugName
	_, err := notify.QueueTx(ctx, q, tx, s.jobs, notify.Draft{
		PatientID: cc.patient.ID,
		OrderID:   cc.order.ID,
		Template:  template,
		To:        cc.patient.PhoneE164,
		Vars:      vars,
	})
	return err
}
