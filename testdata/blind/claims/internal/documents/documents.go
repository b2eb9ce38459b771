// Package documents stores claim documents (photos, estimates, police
// reports) in S3 and indexes them in Postgres.
package documents

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/events"
	"github.com/harborline/claims/internal/providers/s3docs"
)

// Document is an indexed upload.
type Document struct {
	ID          uuid.UUID
	ClaimID     uuid.UUID
	SHA256      string
	S3Key       string
	ContentType string
	SizeBytes   int64
	DocType     string
}

var (
	ErrEmpty       = errors.New("documents: empty upload")
	ErrUnsupported = errors.New("documents: unsupported content type")
)

// Repository indexes documents.
type Repository interface {
	InsertIfAbsent(ctx context.Context, d Document) (bool, error)
	GetBySHA(ctx context.Context, claimID uuid.UUID, sha string) (Document, error)
	ClaimExists(ctx context.Context, claimID uuid.UUID) error
}

// Store holds document bodies.
type Store interface {
	Put(ctx context.Context, key, contentType string, body []byte, opts ...s3docs.PutOption) error
}

// Outbox records domain events.
type Outbox interface {
	Add(ctx context.Context, topic string, payload any) error
}

// TxManager is the unit of work.
type TxManager interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

// Service implements document upload.
type Service struct {
	tx     TxManager
	repo   Repository
	store  Store
	outbox Outbox
}

// NewService builds a Service.
func NewService(tx TxManager, repo Repository, store Store, outbox Outbox) *Service {
	return &Service{tx: tx, repo: repo, store: store, outbox: outbox}
}

var allowed = map[string]bool{
	"image/jpeg":      true,
	"image/png":       true,
	"application/pdf": true,
}

// UploadCmd is one document upload.
type UploadCmd struct {
	ClaimID     uuid.UUID
	DocType     string
	ContentType string
	Body        []byte
}

// Upload stores the body under a content-addressed key and indexes it once
// per (claim, digest).
func (s *Service) Upload(ctx context.Context, cmd UploadCmd) (Document, error) {
	if len(cmd.Body) == 0 {
		return Document{}, ErrEmpty
	}
	if !allowed[cmd.ContentType] {
		return Document{}, fmt.Errorf("%w: %s", ErrUnsupported, cmd.ContentType)
	}
	if err := s.repo.ClaimExists(ctx, cmd.ClaimID); err != nil {
		return Document{}, err
	}
	sum := sha256.Sum256(cmd.Body)
	digest := hex.EncodeToString(sum[:])
	key := fmt.Sprintf("claims/%s/docs/%s", cmd.ClaimID, digest)
	if err := s.store.Put(ctx, key, cmd.ContentType, cmd.Body,
		s3docs.WithChecksumSHA256(base64.StdEncoding.EncodeToString(sum[:])),
		s3docs.WithTag("doc_type="+cmd.DocType),
	); err != nil {
		return Document{}, err
	}
	doc := Document{
		ID:          uuid.New(),
		ClaimID:     cmd.ClaimID,
		SHA256:      digest,
		S3Key:       key,
		ContentType: cmd.ContentType,
		SizeBytes:   int64(len(cmd.Body)),
		DocType:     cmd.DocType,
	}
	err := s.tx.Do(ctx, func(ctx context.Context) error {
		inserted, err := s.repo.InsertIfAbsent(ctx, doc)
		if err != nil {
			return err
		}
		if !inserted {
			doc, err = s.repo.GetBySHA(ctx, cmd.ClaimID, digest)
			return err
		}
		return s.outbox.Add(ctx, events.TopicDocumentUploaded, events.DocumentUploaded{
			DocumentID: doc.ID, ClaimID: doc.ClaimID, DocType: doc.DocType, S3Key: doc.S3Key,
		})
	})
	return doc, err
}
