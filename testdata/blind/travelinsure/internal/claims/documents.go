package claims

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/repository"
	"github.com/skyguard-travel/policyhub/internal/providers/docvault"
)

// ErrUnsupportedDocument is returned for content types we do not accept.
var ErrUnsupportedDocument = errors.New("claims: unsupported document type")

// MaxDocumentBytes bounds a single upload.
const MaxDocumentBytes = 15 << 20

var allowedContentTypes = map[string]bool{
	"application/pdf": true,
	"image/jpeg":      true,
	"image/png":       true,
	"image/heic":      true,
}

// UploadInput is one uploaded file.
type UploadInput struct {
	Kind        string
	Filename    string
	ContentType string
	Data        []byte
}

// DocumentService stores claim evidence.
type DocumentService interface {
	Upload(ctx context.Context, partnerID, claimID uuid.UUID, in UploadInput) (*models.ClaimDocument, error)
	List(ctx context.Context, partnerID, claimID uuid.UUID) ([]models.ClaimDocument, error)
}

type documentService struct {
	claims Service
	docs   *repository.Repository[models.ClaimDocument]
	store  docvault.Store
	newID  func() uuid.UUID
	now    func() time.Time
}

// NewDocumentService returns the claim document service.
func NewDocumentService(db bun.IDB, claims Service, store docvault.Store) DocumentService {
	return &documentService{
		claims: claims,
		docs:   repository.New[models.ClaimDocument](db),
		store:  store,
		newID:  uuid.New,
		now:    time.Now,
	}
}

var disallowedFilenameChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

func sanitizeFilename(name string) string {
	name = path.Base(strings.ReplaceAll(name, `\`, "/"))
	name = disallowedFilenameChars.ReplaceAllString(name, "_")
	if name == "" || name == "." || name == "_" {
		return "document"
	}
	if len(name) > 120 {
		name = name[len(name)-120:]
	}
	return name
}

func (s *documentService) Upload(ctx context.Context, partnerID, claimID uuid.UUID, in UploadInput) (*models.ClaimDocument, error) {
	if !allowedContentTypes[in.ContentType] {
		return nil, fmt.Errorf("%w: %s", ErrUnsupportedDocument, in.ContentType)
	}
	claim, err := s.claims.Get(ctx, partnerID, claimID)
	if err != nil {
		return nil, err
	}

	sum := sha256.Sum256(in.Data)
	docID := s.newID()
	key := fmt.Sprintf("claims/%s/%s/%s", claim.ID, docID, sanitizeFilename(in.Filename))
	if err := s.store.Put(ctx, key, in.ContentType, in.Data); err != nil {
		return nil, fmt.Errorf("store document: %w", err)
	}

	doc := &models.ClaimDocument{
		ID:          docID,
		ClaimID:     claim.ID,
		Kind:        in.Kind,
		Filename:    in.Filename,
		ContentType: in.ContentType,
		SizeBytes:   int64(len(in.Data)),
		SHA256:      hex.EncodeToString(sum[:]),
		StorageKey:  key,
		UploadedAt:  s.now().UTC(),
	}
	if err := s.docs.Insert(ctx, doc); err != nil {
		return nil, err
	}
	return doc, nil
}

func (s *documentService) List(ctx context.Context, partnerID, claimID uuid.UUID) ([]models.ClaimDocument, error) {
	if _, err := s.claims.Get(ctx, partnerID, claimID); err != nil {
		return nil, err
	}
	return s.docs.List(ctx, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("claim_id = ?", claimID).Order("uploaded_at")
	})
}
