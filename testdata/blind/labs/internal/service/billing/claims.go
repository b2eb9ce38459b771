package billing

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/meridianlabs/labs/internal/jobs"
	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/platform/ids"
	"github.com/meridianlabs/labs/internal/providers/clearinghouse"
	"github.com/meridianlabs/labs/internal/store"
)

// ClaimPayload is the payload of claims.build and claims.submit jobs.
type ClaimPayload struct {
	EncounterID string `json:"encounter_id,omitempty"`
	ClaimID     string `json:"claim_id,omitempty"`
}

// EnqueueClaimBuilds queues a claims.build job for every open insurance
// encounter whose order is fully resulted.
func (s *Service) EnqueueClaimBuilds(ctx context.Context, limit int) (int, error) {
	encounters, err := s.billing.ReadyEncounters(ctx, limit)
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, id := range encounters {
		ok, err := s.queue.Enqueue(ctx, jobs.KindBuildClaim, ClaimPayload{EncounterID: id},
			jobs.WithDedupeKey("claim-build:"+id))
		if err != nil {
			return queued, err
		}
		if ok {
			queued++
		}
	}
	return queued, nil
}

// BuildClaim creates the claim of an encounter and queues its submission.
func (s *Service) BuildClaim(ctx context.Context, encounterID string) error {
	enc, err := s.billing.Encounter(ctx, encounterID)
	if err != nil {
		return err
	}
	if enc.Status != "open" {
		return nil
	}
	lines, err := s.billing.ChargeLines(ctx, enc.OrderID)
	if err != nil {
		return err
	}
	if len(lines) == 0 {
		return jobs.Permanent(fmt.Errorf("encounter %s has no charge lines", enc.ID))
	}
	var total int64
	for _, l := range lines {
		total += l.AmountCents
	}
	return db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		b := s.billing.WithTx(tx)
		claim, _, err := b.CreateClaim(ctx, store.Claim{
			ID:            ids.Prefixed("clm"),
			EncounterID:   enc.ID,
			ControlNumber: controlNumber(),
			PayerID:       enc.PayerID,
			TotalCents:    total,
		})
		if err != nil {
			return err
		}
		if err := b.SetEncounterStatus(ctx, enc.ID, "open", "claimed"); err != nil {
			return err
		}
		_, err = s.queue.WithTx(tx).Enqueue(ctx, jobs.KindSubmitClaim, ClaimPayload{ClaimID: claim.ID},
			jobs.WithDedupeKey("claim-submit:"+claim.ID))
		return err
	})
}

func controlNumber() string {
	u := ids.NewULID()
	return "MLC" + u[len(u)-16:]
}

// claimDocument assembles the 837P body of a claim.
func (s *Service) claimDocument(ctx context.Context, c store.Claim, diag []string) (clearinghouse.Claim, error) {
	enc, err := s.billing.Encounter(ctx, c.EncounterID)
	if err != nil {
		return clearinghouse.Claim{}, err
	}
	o, err := s.orders.Get(ctx, enc.OrderID)
	if err != nil {
		return clearinghouse.Claim{}, err
	}
	p, err := s.patients.Get(ctx, enc.PatientID)
	if err != nil {
		return clearinghouse.Claim{}, err
	}
	lines, err := s.billing.ChargeLines(ctx, enc.OrderID)
	if err != nil {
		return clearinghouse.Claim{}, err
	}
	doc := clearinghouse.Claim{
		ControlNumber: c.ControlNumber,
		FrequencyCode: "1",
		PayerID:       c.PayerID,
		BillingNPI:    s.lab.NPI,
		BillingTaxID:  s.lab.TaxID,
		ReferringNPI:  o.OrderingNPI,
		SubscriberID:  p.MemberID,
		PatientName:   strings.ToUpper(p.FamilyName + "*" + p.GivenName),
		PatientDOB:    p.BirthDate.Format("20060102"),
		ServiceDate:   o.CreatedAt.Format("20060102"),
		TotalCents:    c.TotalCents,
	}
	for _, l := range lines {
		doc.Lines = append(doc.Lines, clearinghouse.ClaimLine{CPT: l.CPTCode, Units: 1, ChargeCents: l.AmountCents, DiagCodes: diag})
	}
	return doc, nil
}

// SubmitClaim sends a ready claim to the clearinghouse.
func (s *Service) SubmitClaim(ctx context.Context, claimID string) error {
	c, err := s.billing.Claim(ctx, claimID)
	if err != nil {
		return err
	}
	if c.Status != "ready" {
		return nil
	}
	doc, err := s.claimDocument(ctx, c, nil)
	if err != nil {
		return err
	}
	ack, err := s.clearinghouse.SubmitClaim(ctx, doc, clearinghouse.WithSubmissionID(c.ID))
	if err != nil {
		return fmt.Errorf("submit claim %s: %w", c.ID, err)
	}
	return db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		b := s.billing.WithTx(tx)
		if ack.Status == "rejected" {
			s.log.WarnContext(ctx, "claim rejected", "claim_id", c.ID, "errors", ack.Errors)
			return b.MarkClaimRejected(ctx, c.ID, ack.Reference)
		}
		if err := b.InsertClaimSubmission(ctx, c.ID, "1", ack.Reference, "system"); err != nil {
			return err
		}
		return b.MarkClaimSubmitted(ctx, c.ID, ack.Reference, "1")
	})
}

// Correction is a biller's fix to a rejected or denied claim.
type Correction struct {
	DiagnosisCodes []string `json:"diagnosis_codes"`
	Note           string   `json:"note"`
}

var resubmittable = []string{"rejected", "denied", "submitted"}

// ResubmitClaim sends a replacement claim (frequency code 7) carrying the
// biller's corrections.
func (s *Service) ResubmitClaim(ctx context.Context, claimID, staff string, corr Correction) (store.Claim, error) {
	c, err := s.billing.Claim(ctx, claimID)
	if err != nil {
		return c, err
	}
	if !slices.Contains(resubmittable, c.Status) {
		return c, ErrClaimNotEditable
	}
	doc, err := s.claimDocument(ctx, c, corr.DiagnosisCodes)
	if err != nil {
		return c, err
	}
	doc.FrequencyCode = "7"
	doc.OriginalRef = c.ClearinghouseRef

	ack, err := s.clearinghouse.SubmitClaim(ctx, doc)
	if err != nil {
		return c, fmt.Errorf("resubmit claim %s: %w", c.ID, err)
	}
	err = db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		b := s.billing.WithTx(tx)
		if err := b.InsertClaimSubmission(ctx, c.ID, "7", ack.Reference, staff); err != nil {
			return err
		}
		if ack.Status == "rejected" {
			return b.MarkClaimRejected(ctx, c.ID, ack.Reference)
		}
		return b.MarkClaimSubmitted(ctx, c.ID, ack.Reference, "7")
	})
	if err != nil {
		return c, err
	}
	return s.billing.Claim(ctx, c.ID)
}
