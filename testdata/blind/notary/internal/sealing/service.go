// Package sealing applies the notary's electronic seal to signed documents
// and issues certified copies of sealed documents.
package sealing

import (
	"context"
	"fmt"
	"time"

	"github.com/sealpoint-labs/notary/internal/apperr"
	"github.com/sealpoint-labs/notary/internal/certsign"
	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/domain"
	"github.com/sealpoint-labs/notary/internal/events"
	"github.com/sealpoint-labs/notary/internal/reqctx"
)

type Service interface {
	Seal(ctx context.Context, req SealRequest) (domain.Seal, error)
}

// Signer is the SealVault client.
type Signer interface {
	ApplySeal(ctx context.Context, req certsign.SealRequest, idempotencyKey string) (*certsign.SealResult, error)
}

type Directory interface {
	Get(ctx context.Context, id string) (domain.Session, error)
	Notary(ctx context.Context, id string) (domain.Notary, error)
}

type Enqueuer interface {
	Enqueue(ctx context.Context, subject, aggregateID string, payload any) error
}

type SealRequest struct {
	DocumentID string `param:"id" json:"-"`
	Reason     string `json:"reason"`
}

type service struct {
	repo   Repository
	dir    Directory
	signer Signer
	tx     dbx.TxRunner
	outbox Enqueuer
	now    func() time.Time
}

func NewService(repo Repository, dir Directory, signer Signer, tx dbx.TxRunner, outbox Enqueuer) Service {
	return &service{repo: repo, dir: dir, signer: signer, tx: tx, outbox: outbox, now: time.Now}
}

// Seal moves a document signed -> sealing -> sealed. The 'sealing' state
// is written before SealVault is called, so a retried request resumes from
// it with the same SealVault key.
func (s *service) Seal(ctx context.Context, req SealRequest) (domain.Seal, error) {
	caller := reqctx.MustCaller(ctx)
	if !caller.Is(reqctx.RoleNotary) {
		return domain.Seal{}, apperr.Forbidden("only the commissioned notary may seal")
	}
	doc, err := s.repo.Document(ctx, req.DocumentID)
	if err != nil {
		return domain.Seal{}, err
	}
	sess, err := s.dir.Get(ctx, doc.SessionID)
	if err != nil {
		return domain.Seal{}, err
	}
	if sess.NotaryID == nil || *sess.NotaryID != caller.Subject {
		return domain.Seal{}, apperr.Forbidden("notary is not assigned to session %s", sess.ID)
	}

	switch doc.Status {
	case domain.DocumentSealed, domain.DocumentRecorded:
		return s.repo.SealFor(ctx, doc.ID)
	case domain.DocumentSigned:
		if _, err := s.repo.MarkSealing(ctx, doc.ID); err != nil {
			return domain.Seal{}, fmt.Errorf("mark sealing: %w", err)
		}
	case domain.DocumentSealing:
		// resumed after an earlier attempt
	default:
		return domain.Seal{}, apperr.Conflict("document %s is %s, not signed", doc.ID, doc.Status)
	}

	notary, err := s.dir.Notary(ctx, caller.Subject)
	if err != nil {
		return domain.Seal{}, err
	}
	if notary.CommissionExpiry.Before(s.now()) {
		return domain.Seal{}, apperr.Conflict("commission %s has expired", notary.CommissionNumber)
	}
	res, err := s.signer.ApplySeal(ctx, certsign.SealRequest{
		CertificateID:  notary.CertificateID,
		DocumentSHA256: doc.SHA256,
		StorageKey:     doc.StorageKey,
		Commission:     notary.CommissionNumber,
		Jurisdiction:   notary.CommissionState,
		Reason:         firstNonEmpty(req.Reason, "Remote online notarization"),
	}, "seal-"+doc.ID)
	if err != nil {
		return domain.Seal{}, apperr.Upstream("sealvault", err)
	}

	seal := domain.Seal{
		ID:                "seal_" + res.SignatureID,
		DocumentID:        doc.ID,
		NotaryID:          notary.ID,
		SignatureID:       res.SignatureID,
		CertificateSerial: res.CertificateSerial,
		SealedAt:          res.SignedAt,
	}
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		inserted, err := s.repo.InsertSeal(ctx, seal)
		if err != nil || !inserted {
			return err
		}
		if err := s.repo.CompleteSealing(ctx, doc.ID, res.SealedStorageKey); err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, events.SubjectDocumentSealed, doc.ID, events.DocumentSealed{
			DocumentID:    doc.ID,
			SessionID:     doc.SessionID,
			SealID:        seal.ID,
			NotaryID:      notary.ID,
			DocumentTitle: doc.Title,
			SealedAt:      seal.SealedAt,
		})
	})
	if err != nil {
		return domain.Seal{}, err
	}
	return s.repo.SealFor(ctx, doc.ID)
}

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}
