// Package claims handles claim intake (app, VetNet, portal), supporting
// documents, adjudication and the follow-up traffic with clinics.
package claims

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/pawsure/premiums/internal/blob"
	"github.com/pawsure/premiums/internal/db"
	"github.com/pawsure/premiums/internal/ids"
	"github.com/pawsure/premiums/internal/jobs"
	"github.com/pawsure/premiums/internal/provider/messaging"
	"github.com/pawsure/premiums/internal/provider/vetnet"
	"github.com/pawsure/premiums/internal/service/notify"
)

var (
	ErrPolicyNotInForce = errors.New("claims: policy not in force on treatment date")
	ErrClaimClosed      = errors.New("claims: claim already decided")
	ErrBadDecision      = errors.New("claims: decision must be approve or decline")
	ErrTooLarge         = errors.New("claims: document too large")
)

const MaxDocumentBytes = 15 << 20

type SubmitInput struct {
	PolicyID      string
	ClinicCode    string
	InvoiceNumber string
	Condition     string
	TreatmentDate time.Time
	ClaimedCents  int64
	Currency      string
	PayVetDirect  bool
	Source        string
}

type AdjudicateInput struct {
	ClaimID       string
	Decision      string // approve, decline
	ApprovedCents int64
	Note          string
	AdjusterID    string
}

// AdjudicatedEvent is published by the rules engine on claims.adjudicated.
type AdjudicatedEvent struct {
	ClaimID       string `json:"claim_id"`
	Decision      string `json:"decision"`
	ApprovedCents int64  `json:"approved_cents"`
	Note          string `json:"note"`
	EngineVersion string `json:"engine_version"`
}

// SubmittedEvent is emitted (via CDC) for every new claim on claims.submitted.
type SubmittedEvent struct {
	ClaimID      string `json:"claim_id"`
	PolicyID     string `json:"policy_id"`
	ClinicCode   string `json:"clinic_code"`
	ClaimedCents int64  `json:"claimed_cents"`
}

type Service interface {
	Submit(ctx context.Context, in SubmitInput) (db.Claim, bool, error)
	SubmitFromPartner(ctx context.Context, partner, eventID string, in SubmitInput) (db.Claim, bool, error)
	AttachDocument(ctx context.Context, claimID, contentType string, data []byte) (string, error)
	Adjudicate(ctx context.Context, in AdjudicateInput) (db.Claim, error)
	ApplyAdjudication(ctx context.Context, evt AdjudicatedEvent) error
	RequestRecords(ctx context.Context, evt SubmittedEvent) error
	SendDocsReminder(ctx context.Context, claimID string) error
	NotifyVetDecision(ctx context.Context, claimID, decision string) error
}

type Deps struct {
	Store  *db.Store
	Blobs  blob.Store
	VetNet vetnet.Network
	Sender messaging.Sender
	Jobs   jobs.Enqueuer
	Notify notify.Queuer
	Log    *slog.Logger
}

type service struct {
	Deps
	recordsThreshold int64
	now              func() time.Time
}

func NewService(d Deps) Service {
	return &service{Deps: d, recordsThreshold: 50000, now: time.Now}
}

func (s *service) Submit(ctx context.Context, in SubmitInput) (db.Claim, bool, error) {
	var (
		claim   db.Claim
		created bool
	)
	err := s.Store.ExecTx(ctx, func(q *db.Queries) error {
		var err error
		claim, created, err = s.submitTx(ctx, q, in)
		return err
	})
	return claim, created, err
}

// SubmitFromPartner is Submit for partner callbacks: the partner's event id
// is claimed in the same transaction as the claim row.
func (s *service) SubmitFromPartner(ctx context.Context, partner, eventID string, in SubmitInput) (db.Claim, bool, error) {
	var (
		claim   db.Claim
		created bool
	)
	err := s.Store.ExecTx(ctx, func(q *db.Queries) error {
		fresh, err := q.InsertPartnerEvent(ctx, partner, eventID, "claim.submitted")
		if err != nil {
			return err
		}
		if !fresh {
			claim, err = q.GetClaimByInvoice(ctx, in.PolicyID, in.InvoiceNumber)
			return err
		}
		claim, created, err = s.submitTx(ctx, q, in)
		return err
	})
	return claim, created, err
}

// submitTx writes the claim keyed by (policy, invoice number). A duplicate
// submission of the same invoice returns the existing claim.
func (s *service) submitTx(ctx context.Context, q *db.Queries, in SubmitInput) (db.Claim, bool, error) {
	pol, err := q.GetPolicy(ctx, in.PolicyID)
	if err != nil {
		return db.Claim{}, false, err
	}
	if pol.Status != db.PolicyActive || in.TreatmentDate.Before(pol.StartsOn) {
		return db.Claim{}, false, ErrPolicyNotInForce
	}
	c := db.Claim{
		ID:               ids.New(ids.PrefixClaim),
		PolicyID:         pol.ID,
		ClinicCode:       db.NullString(in.ClinicCode),
		VetInvoiceNumber: in.InvoiceNumber,
		Source:           in.Source,
		Condition:        in.Condition,
		TreatmentDate:    in.TreatmentDate,
		ClaimedCents:     in.ClaimedCents,
		Currency:         pol.Currency,
		PayVetDirect:     in.PayVetDirect,
		Status:           "submitted",
	}
	inserted, err := q.InsertClaim(ctx, c)
	if err != nil {
		return db.Claim{}, false, fmt.Errorf("insert claim: %w", err)
	}
	if !inserted {
		existing, err := q.GetClaimByInvoice(ctx, pol.ID, in.InvoiceNumber)
		return existing, false, err
	}
	if err := s.Notify.QueueTx(ctx, q, notify.Request{
		DedupKey:       "claim-received:" + c.ID,
		PolicyholderID: pol.PolicyholderID,
		Channel:        messaging.Email,
		Template:       "claim_received",
		Params:         map[string]string{"claim_id": c.ID, "invoice": c.VetInvoiceNumber},
	}); err != nil {
		return db.Claim{}, false, err
	}
	err = s.Jobs.EnqueueTx(ctx, q, jobs.ClaimDocsReminderArgs{ClaimID: c.ID}, &river.InsertOpts{
		Queue:       jobs.QueueNotifications,
		ScheduledAt: s.now().Add(jobs.ReminderDelay),
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	})
	return c, true, err
}

// AttachDocument stores an invoice or medical-history document. Documents are
// content-addressed: uploading the same file twice yields the same row.
func (s *service) AttachDocument(ctx context.Context, claimID, contentType string, data []byte) (string, error) {
	if len(data) > MaxDocumentBytes {
		return "", ErrTooLarge
	}
	if _, err := s.Store.GetClaim(ctx, claimID); err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	digest := hex.EncodeToString(sum[:])
	key := fmt.Sprintf("claims/%s/%s", claimID, digest)
	if err := s.Blobs.Put(ctx, key, contentType, data); err != nil {
		return "", fmt.Errorf("store document: %w", err)
	}
	return s.Store.InsertClaimDocument(ctx, db.ClaimDocument{
		ID:          ids.New("doc"),
		ClaimID:     claimID,
		SHA256:      digest,
		BlobKey:     key,
		ContentType: contentType,
		SizeBytes:   int64(len(data)),
	})
}

// Adjudicate records an adjuster's manual decision on a referred claim.
func (s *service) Adjudicate(ctx context.Context, in AdjudicateInput) (db.Claim, error) {
	if in.Decision != "approve" && in.Decision != "decline" {
		return db.Claim{}, ErrBadDecision
	}
	var out db.Claim
	err := s.Store.ExecTx(ctx, func(q *db.Queries) error {
		c, err := q.GetClaim(ctx, in.ClaimID)
		if err != nil {
			return err
		}
		if c.Status == "declined" || c.Status == "settled" {
			return ErrClaimClosed
		}
		pol, err := q.GetPolicy(ctx, c.PolicyID)
		if err != nil {
			return err
		}
		note := fmt.Sprintf("%s (adjuster %s)", in.Note, in.AdjusterID)
		if in.Decision == "decline" {
			if err := q.SetClaimDecision(ctx, c.ID, "declined", db.NullInt64(0, false), note); err != nil {
				return err
			}
			c.Status = "declined"
		} else {
			approved := min(in.ApprovedCents, c.ClaimedCents)
			if err := q.SetClaimDecision(ctx, c.ID, "approved", db.NullInt64(approved, true), note); err != nil {
				return err
			}
			payout := db.Payout{
				ID:          ids.UUID(),
				ClaimID:     c.ID,
				PolicyID:    c.PolicyID,
				PayeeKind:   payeeKind(c),
				AmountCents: approved,
				Currency:    c.Currency,
			}
			if err := q.InsertPayout(ctx, payout); err != nil {
				return err
			}
			if err := s.Jobs.EnqueueTx(ctx, q, jobs.ClaimPayoutArgs{PayoutID: payout.ID}, nil); err != nil {
				return err
			}
			c.Status, c.ApprovedCents = "approved", db.NullInt64(approved, true)
		}
		if err := s.decisionFollowUps(ctx, q, c, pol); err != nil {
			return err
		}
		out = c
		return nil
	})
	return out, err
}

// ApplyAdjudication applies the rules engine's automatic decision.
func (s *service) ApplyAdjudication(ctx context.Context, evt AdjudicatedEvent) error {
	return s.Store.ExecTx(ctx, func(q *db.Queries) error {
		c, err := q.GetClaim(ctx, evt.ClaimID)
		if err != nil {
			return err
		}
		if c.Status == "settled" {
			return nil
		}
		pol, err := q.GetPolicy(ctx, c.PolicyID)
		if err != nil {
			return err
		}
		note := "auto: engine " + evt.EngineVersion + " " + evt.Note
		switch evt.Decision {
		case "decline":
			c.Status = "declined"
			if err := q.SetClaimDecision(ctx, c.ID, c.Status, db.NullInt64(0, false), note); err != nil {
				return err
			}
		case "approve":
			approved := min(evt.ApprovedCents, c.ClaimedCents)
			c.Status, c.ApprovedCents = "approved", db.NullInt64(approved, true)
			if err := q.SetClaimDecision(ctx, c.ID, c.Status, c.ApprovedCents, note); err != nil {
				return err
			}
			payout := db.Payout{
				ID:          ids.Derive("payout", c.ID, "initial"),
				ClaimID:     c.ID,
				PolicyID:    c.PolicyID,
				PayeeKind:   payeeKind(c),
				AmountCents: approved,
				Currency:    c.Currency,
			}
			created, err := q.InsertPayoutOnce(ctx, payout)
			if err != nil {
				return err
			}
			if created {
				if err := s.Jobs.EnqueueTx(ctx, q, jobs.ClaimPayoutArgs{PayoutID: payout.ID}, nil); err != nil {
					return err
				}
			}
		default:
			s.Log.Warn("ignoring adjudication with unknown decision", "claim_id", c.ID, "decision", evt.Decision)
			return nil
		}
		return s.decisionFollowUps(ctx, q, c, pol)
	})
}

// decisionFollowUps queues the policyholder notification and the clinic
// notice for a decided claim.
func (s *service) decisionFollowUps(ctx context.Context, q *db.Queries, c db.Claim, pol db.Policy) error {
	if err := s.Notify.QueueTx(ctx, q, notify.Request{
		DedupKey:       "claim-decision:" + c.ID,
		PolicyholderID: pol.PolicyholderID,
		Channel:        messaging.Email,
		Template:       "claim_" + c.Status,
		Params:         map[string]string{"claim_id": c.ID},
	}); err != nil {
		return err
	}
	if !c.ClinicCode.Valid {
		return nil
	}
	return s.Jobs.EnqueueTx(ctx, q, jobs.NotifyVetDecisionArgs{ClaimID: c.ID, Decision: c.Status}, &river.InsertOpts{
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	})
}

func payeeKind(c db.Claim) string {
	if c.PayVetDirect {
		return "clinic"
	}
	return "policyholder"
}
