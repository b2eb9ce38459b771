// Package journal keeps the notary's electronic journal. State law
// requires one entry per notarial act, kept for years and produced on
// demand to the commissioning authority.
package journal

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/sealpoint-labs/notary/internal/apperr"
	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/domain"
	"github.com/sealpoint-labs/notary/internal/reqctx"
)

type Service interface {
	// Record adds an entry on a notary's request (oaths, acknowledgments
	// taken outside the sealing flow, corrections).
	Record(ctx context.Context, req RecordRequest) (domain.JournalEntry, error)
	// Append adds an entry produced by the platform itself.
	Append(ctx context.Context, e domain.JournalEntry) error
}

type KeyClaimer interface {
	Claim(ctx context.Context, scope, owner, key, ref string) (existing string, claimed bool, err error)
}

type SessionReader interface {
	Get(ctx context.Context, id string) (domain.Session, error)
}

type RecordRequest struct {
	SessionID     string `param:"id" json:"-"`
	ActType       string `json:"act_type"`
	DocumentTitle string `json:"document_title"`
	SignerName    string `json:"signer_name"`
	IDMethod      string `json:"id_method"`
	FeeCents      int64  `json:"fee_cents"`
	Notes         string `json:"notes"`
}

var actTypes = map[string]bool{
	"acknowledgment": true, "jurat": true, "oath": true, "affirmation": true, "copy_certification": true,
}

func (r *RecordRequest) Validate() error {
	if !actTypes[r.ActType] {
		return fmt.Errorf("unknown act_type %q", r.ActType)
	}
	if r.SignerName == "" || r.IDMethod == "" {
		return fmt.Errorf("signer_name and id_method are required")
	}
	return nil
}

const journalScope = "journal-entry"

type service struct {
	repo     Repository
	sessions SessionReader
	keys     KeyClaimer
	tx       dbx.TxRunner
	now      func() time.Time
}

func NewService(repo Repository, sessions SessionReader, keys KeyClaimer, tx dbx.TxRunner) Service {
	return &service{repo: repo, sessions: sessions, keys: keys, tx: tx, now: time.Now}
}

func (s *service) Record(ctx context.Context, req RecordRequest) (domain.JournalEntry, error) {
	caller := reqctx.MustCaller(ctx)
	if !caller.Is(reqctx.RoleNotary) {
		return domain.JournalEntry{}, apperr.Forbidden("only notaries keep journals")
	}
	key, ok := reqctx.IdempotencyKey(ctx)
	if !ok {
		return domain.JournalEntry{}, apperr.Invalid("Idempotency-Key header is required for journal entries")
	}
	sess, err := s.sessions.Get(ctx, req.SessionID)
	if err != nil {
		return domain.JournalEntry{}, err
	}
	if sess.NotaryID == nil || *sess.NotaryID != caller.Subject {
		return domain.JournalEntry{}, apperr.Forbidden("notary is not assigned to session %s", sess.ID)
	}

	entry := domain.JournalEntry{
		ID:            uuid.NewString(),
		NotaryID:      caller.Subject,
		SessionID:     sess.ID,
		ActType:       req.ActType,
		DocumentTitle: req.DocumentTitle,
		SignerName:    req.SignerName,
		IDMethod:      req.IDMethod,
		FeeCents:      req.FeeCents,
		Notes:         req.Notes,
		EnteredAt:     s.now().UTC(),
	}
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		existing, claimed, err := s.keys.Claim(ctx, journalScope, caller.Subject, key, entry.ID)
		if err != nil {
			return err
		}
		if !claimed {
			entry, err = s.repo.Get(ctx, existing)
			return err
		}
		return s.repo.Insert(ctx, entry)
	})
	if err != nil {
		return domain.JournalEntry{}, err
	}
	return entry, nil
}

func (s *service) Append(ctx context.Context, e domain.JournalEntry) error {
	if e.EnteredAt.IsZero() {
		e.EnteredAt = s.now().UTC()
	}
	return s.repo.Insert(ctx, e)
}
