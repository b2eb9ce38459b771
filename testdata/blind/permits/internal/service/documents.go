package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/civicworks/permits/internal/clients/docscan"
	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/shared/dbx"
	"github.com/civicworks/permits/internal/store"
)

// Documents handles uploads and scan results.
type Documents interface {
	Upload(ctx context.Context, residentID uuid.UUID, applicationID string, in UploadInput) (*permits.Document, error)
	ApplyScanResult(ctx context.Context, cb docscan.Callback) error
}

// UploadInput is one uploaded file.
type UploadInput struct {
	Filename    string
	ContentType string
	Content     []byte
}

var allowedContentTypes = map[string]bool{
	"application/pdf": true,
	"image/png":       true,
	"image/jpeg":      true,
	"image/tiff":      true,
}

type documentService struct {
	pool      *pgxpool.Pool
	apps      store.ApplicationRepo
	docs      store.DocumentRepo
	callbacks store.CallbackRepo
	scanner   docscan.Scanner
	log       *slog.Logger
}

// NewDocuments builds the Documents service.
func NewDocuments(
	pool *pgxpool.Pool,
	apps store.ApplicationRepo,
	docs store.DocumentRepo,
	callbacks store.CallbackRepo,
	scanner docscan.Scanner,
	log *slog.Logger,
) Documents {
	return &documentService{pool: pool, apps: apps, docs: docs, callbacks: callbacks, scanner: scanner,
		log: log.With("service", "documents")}
}

func (s *documentService) Upload(ctx context.Context, residentID uuid.UUID, applicationID string, in UploadInput) (*permits.Document, error) {
	if !allowedContentTypes[in.ContentType] {
		return nil, validation("unsupported content type %q", in.ContentType)
	}
	if len(in.Content) == 0 {
		return nil, validation("empty file")
	}
	app, err := s.apps.Get(ctx, s.pool, applicationID)
	if err != nil {
		return nil, notFound("application", err)
	}
	if err := ownedBy(app, residentID); err != nil {
		return nil, err
	}
	if !app.Status.Open() {
		return nil, permits.ErrInvalidState
	}

	sum := sha256.Sum256(in.Content)
	name := filepath.Base(strings.ReplaceAll(in.Filename, "\\", "/"))
	scan, err := s.scanner.Submit(ctx, docscan.SubmitRequest{
		Filename:    name,
		ContentType: in.ContentType,
		Content:     in.Content,
		Reference:   app.ID,
	})
	if err != nil {
		return nil, err
	}

	doc := &permits.Document{
		ID:            uuid.New(),
		ApplicationID: app.ID,
		Filename:      name,
		ContentType:   in.ContentType,
		SizeBytes:     int64(len(in.Content)),
		SHA256:        hex.EncodeToString(sum[:]),
		ScanID:        scan.ID,
		Status:        "scanning",
		UploadedBy:    residentID,
	}
	if err := s.docs.Insert(ctx, s.pool, doc); err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "document submitted for scanning", "document_id", doc.ID, "scan_id", scan.ID)
	return doc, nil
}

func scanStatus(partnerStatus string, findings []docscan.CallbackFinding) string {
	switch partnerStatus {
	case "infected":
		return "rejected"
	case "failed":
		return "scan_failed"
	}
	for _, f := range findings {
		if f.Severity == "blocking" {
			return "needs_changes"
		}
	}
	return "accepted"
}

func (s *documentService) ApplyScanResult(ctx context.Context, cb docscan.Callback) error {
	seen, err := s.callbacks.Seen(ctx, s.pool, cb.CallbackID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	doc, err := s.docs.GetByScanID(ctx, s.pool, cb.ScanID)
	if errors.Is(err, dbx.ErrNotFound) {
		s.log.WarnContext(ctx, "scan result for unknown scan", "scan_id", cb.ScanID)
		return nil
	}
	if err != nil {
		return err
	}

	status := scanStatus(cb.Status, cb.Findings)
	err = dbx.Exec(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.docs.SetScanStatus(ctx, tx, doc.ID, status); err != nil {
			return err
		}
		for _, f := range cb.Findings {
			if err := s.docs.AddFinding(ctx, tx, &permits.Finding{
				ID:         uuid.New(),
				DocumentID: doc.ID,
				Code:       f.Code,
				Severity:   f.Severity,
				Page:       f.Page,
				Message:    f.Message,
			}); err != nil {
				return err
			}
		}
		if status == "needs_changes" || status == "rejected" {
			_, err := s.apps.Transition(ctx, tx, doc.ApplicationID,
				[]permits.Status{permits.StatusUnderReview}, permits.StatusNeedsChanges)
			return err
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.callbacks.MarkSeen(ctx, s.pool, cb.CallbackID, cb.ScanID)
}
