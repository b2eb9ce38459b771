// Package identity runs identity proofing for signers through the KYC
// vendor and consumes the vendor's outcome webhooks.
package identity

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sealpoint-labs/notary/internal/apperr"
	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/domain"
	"github.com/sealpoint-labs/notary/internal/events"
	"github.com/sealpoint-labs/notary/internal/httpx"
	"github.com/sealpoint-labs/notary/internal/kyc"
	"github.com/sealpoint-labs/notary/internal/reqctx"
)

type Service interface {
	StartCheck(ctx context.Context, req StartCheckRequest) (StartCheckResponse, error)
	HandleWebhook(ctx context.Context, req httpx.RawRequest) error
}

// Vendor is the subset of the KYC client the service uses.
type Vendor interface {
	CreateVerification(ctx context.Context, req kyc.VerificationRequest) (*kyc.Verification, error)
}

// Sessions is the subset of the session service/repository needed here.
type Sessions interface {
	Get(ctx context.Context, id string) (domain.Session, error)
	Signer(ctx context.Context, id string) (domain.Signer, error)
}

type Enqueuer interface {
	Enqueue(ctx context.Context, subject, aggregateID string, payload any) error
}

type StartCheckRequest struct {
	SessionID string `param:"id" json:"-"`
	Locale    string `json:"locale"`
}

type StartCheckResponse struct {
	CheckID         string    `json:"check_id"`
	VerificationURL string    `json:"verification_url"`
	ExpiresAt       time.Time `json:"expires_at"`
}

// Options configures the service.
type Options struct {
	CallbackURL   string
	WebhookSecret []byte
	Checks        []string
}

type service struct {
	repo     Repository
	sessions Sessions
	vendor   Vendor
	tx       dbx.TxRunner
	outbox   Enqueuer
	opts     Options
}

func NewService(repo Repository, sessions Sessions, vendor Vendor, tx dbx.TxRunner, outbox Enqueuer, opts Options) Service {
	if len(opts.Checks) == 0 {
		opts.Checks = []string{"document", "selfie", "kba"}
	}
	return &service{repo: repo, sessions: sessions, vendor: vendor, tx: tx, outbox: outbox, opts: opts}
}

func (s *service) StartCheck(ctx context.Context, req StartCheckRequest) (StartCheckResponse, error) {
	caller := reqctx.MustCaller(ctx)
	sess, err := s.sessions.Get(ctx, req.SessionID)
	if err != nil {
		return StartCheckResponse{}, err
	}
	if caller.Subject != sess.SignerID {
		return StartCheckResponse{}, apperr.Forbidden("only the signer can start identity proofing")
	}
	if sess.Status != domain.SessionPendingIdentity {
		return StartCheckResponse{}, apperr.Conflict("session %s does not need identity proofing", sess.ID)
	}

	// Hand back the open check if the signer reloads the page.
	if open, err := s.repo.OpenCheck(ctx, sess.ID); err != nil {
		return StartCheckResponse{}, err
	} else if open != nil {
		return StartCheckResponse{CheckID: open.ID, VerificationURL: open.VerificationURL, ExpiresAt: open.ExpiresAt}, nil
	}

	signer, err := s.sessions.Signer(ctx, sess.SignerID)
	if err != nil {
		return StartCheckResponse{}, err
	}
	v, err := s.vendor.CreateVerification(ctx, kyc.VerificationRequest{
		Subject: kyc.Subject{
			FirstName: signer.FirstName,
			LastName:  signer.LastName,
			BirthDate: signer.BirthDate.Format(time.DateOnly),
			Email:     signer.Email,
			Phone:     signer.Phone,
		},
		Checks:      s.opts.Checks,
		CallbackURL: s.opts.CallbackURL,
		Locale:      req.Locale,
	})
	if err != nil {
		return StartCheckResponse{}, apperr.Upstream("kyc", err)
	}

	check := domain.IdentityCheck{
		ID:              "idc_" + v.ID,
		SessionID:       sess.ID,
		VendorRef:       v.ID,
		Status:          domain.CheckPending,
		VerificationURL: v.URL,
		ExpiresAt:       v.ExpiresAt,
	}
	if err := s.repo.InsertCheck(ctx, check); err != nil {
		return StartCheckResponse{}, fmt.Errorf("store identity check: %w", err)
	}
	return StartCheckResponse{CheckID: check.ID, VerificationURL: v.URL, ExpiresAt: v.ExpiresAt}, nil
}

var outcomeStatus = map[string]domain.IdentityCheckStatus{
	"approved": domain.CheckApproved,
	"declined": domain.CheckDeclined,
	"expired":  domain.CheckExpired,
}

// HandleWebhook records a verification outcome. Veridocs retries any
// delivery that does not get a 2xx.
func (s *service) HandleWebhook(ctx context.Context, req httpx.RawRequest) error {
	ev, err := kyc.VerifyAndParse(s.opts.WebhookSecret, req.Header.Get(kyc.SignatureHeader), req.Body)
	if err != nil {
		return &apperr.Error{Kind: apperr.ErrUnauthorized, Message: "bad webhook"}
	}
	status, ok := outcomeStatus[ev.Outcome]
	if ev.Type != "verification.completed" || !ok {
		return nil // other event types are informational
	}

	return s.tx.InTx(ctx, func(ctx context.Context) error {
		check, err := s.repo.CheckByVendorRef(ctx, ev.VerificationID)
		if errors.Is(err, apperr.ErrNotFound) {
			return nil // verification started outside this environment
		}
		if err != nil {
			return err
		}
		if err := s.repo.InsertResult(ctx, domain.KYCResult{
			VendorEventID: ev.ID,
			CheckID:       check.ID,
			Outcome:       ev.Outcome,
			RiskScore:     ev.RiskScore,
			Raw:           req.Body,
		}); err != nil {
			return fmt.Errorf("store kyc result: %w", err)
		}
		if err := s.repo.SetCheckStatus(ctx, check.ID, status); err != nil {
			return err
		}
		if status != domain.CheckApproved {
			return nil
		}
		return s.outbox.Enqueue(ctx, events.SubjectIdentityVerified, check.SessionID, events.IdentityVerified{
			SessionID: check.SessionID,
			CheckID:   check.ID,
			RiskScore: ev.RiskScore,
		})
	})
}
