package sealing

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/sealpoint-labs/notary/internal/apperr"
	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/domain"
	"github.com/sealpoint-labs/notary/internal/events"
	"github.com/sealpoint-labs/notary/internal/reqctx"
)

// CopyService issues certified paper or electronic copies of a sealed
// document. Each issued copy is mailed or emailed by the fulfilment
// service and billed to the requester.
type CopyService interface {
	Issue(ctx context.Context, req IssueCopyRequest) (IssueCopyResponse, error)
}

// ResponseCache is the idempotency store.
type ResponseCache interface {
	Lookup(ctx context.Context, scope, key string) (json.RawMessage, bool, error)
	Save(ctx context.Context, scope, key string, response any) error
}

type IssueCopyRequest struct {
	DocumentID    string `param:"id" json:"-"`
	RecipientName string `json:"recipient_name"`
	Address       string `json:"address"`
	Delivery      string `json:"delivery"` // mail | email
}

func (r *IssueCopyRequest) Validate() error {
	if r.RecipientName == "" || r.Address == "" {
		return fmt.Errorf("recipient_name and address are required")
	}
	if r.Delivery != "mail" && r.Delivery != "email" {
		return fmt.Errorf("delivery must be mail or email")
	}
	return nil
}

type IssueCopyResponse struct {
	Copy domain.CertifiedCopy `json:"copy"`
}

var copyFeeCents = map[string]int64{"mail": 1200, "email": 500}

const copiesScope = "certified-copies"

type copyService struct {
	repo   Repository
	tx     dbx.TxRunner
	outbox Enqueuer
	cache  ResponseCache
	log    *slog.Logger
}

func NewCopyService(repo Repository, tx dbx.TxRunner, outbox Enqueuer, cache ResponseCache, log *slog.Logger) CopyService {
	return &copyService{repo: repo, tx: tx, outbox: outbox, cache: cache, log: log}
}

func (s *copyService) Issue(ctx context.Context, req IssueCopyRequest) (IssueCopyResponse, error) {
	key, hasKey := reqctx.IdempotencyKey(ctx)
	if hasKey {
		raw, found, err := s.cache.Lookup(ctx, copiesScope, key)
		if err != nil {
			return IssueCopyResponse{}, err
		}
		if found {
			var prior IssueCopyResponse
			if err := json.Unmarshal(raw, &prior); err == nil {
				return prior, nil
			}
		}
	}

	caller := reqctx.MustCaller(ctx)
	if !caller.Is(reqctx.RoleNotary, reqctx.RoleAdmin, reqctx.RoleSigner) {
		return IssueCopyResponse{}, apperr.Forbidden("not allowed to request copies")
	}
	doc, err := s.repo.Document(ctx, req.DocumentID)
	if err != nil {
		return IssueCopyResponse{}, err
	}
	if doc.Status != domain.DocumentSealed && doc.Status != domain.DocumentRecorded {
		return IssueCopyResponse{}, apperr.Conflict("document %s is not sealed", doc.ID)
	}

	cp := domain.CertifiedCopy{
		ID:            uuid.NewString(),
		DocumentID:    doc.ID,
		RecipientName: req.RecipientName,
		Address:       req.Address,
		Delivery:      req.Delivery,
		FeeCents:      copyFeeCents[req.Delivery],
	}
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.repo.InsertCopy(ctx, cp); err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, events.SubjectCopyIssued, cp.ID, events.CopyIssued{
			CopyID: cp.ID, DocumentID: doc.ID, Delivery: cp.Delivery,
		})
	})
	if err != nil {
		return IssueCopyResponse{}, err
	}

	resp := IssueCopyResponse{Copy: cp}
	if hasKey {
		if err := s.cache.Save(ctx, copiesScope, key, resp); err != nil {
			// The copy exists; failing the request now would only invite a retry.
			s.log.WarnContext(ctx, "idempotency save failed", "scope", copiesScope, "err", err)
		}
	}
	return resp, nil
}
