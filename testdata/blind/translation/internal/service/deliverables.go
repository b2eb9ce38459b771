package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/polyglotdesk/marketplace/internal/domain"
	"github.com/polyglotdesk/marketplace/internal/platform"
	"github.com/polyglotdesk/marketplace/internal/providers/objectstore"
	"github.com/polyglotdesk/marketplace/internal/providers/scanner"
	"github.com/polyglotdesk/marketplace/internal/store"
	"github.com/polyglotdesk/marketplace/internal/tasks"
)

// Upload is a file received from a translator.
type Upload struct {
	FileName    string
	ContentType string
	Data        []byte
}

// DeliverableService handles translated files from upload to release.
type DeliverableService interface {
	Upload(ctx context.Context, translatorID uuid.UUID, jobID string, up Upload) (*domain.Deliverable, error)
	SubmitScan(ctx context.Context, deliverableID string) error
	ScanCompleted(ctx context.Context, ev scanner.Event) error
	ScanInfected(ctx context.Context, ev scanner.Event) error
}

type deliverableService struct {
	db           *gorm.DB
	jobs         *store.Jobs
	deliverables *store.Deliverables
	accounts     *store.Accounts
	events       *store.Events
	files        objectstore.Store
	scan         scanner.Client
	q            tasks.Enqueuer
	notify       *Notifications
	callbackURL  string
	securityTeam string
	maxBytes     int
}

// NewDeliverableService builds the deliverable service.
func NewDeliverableService(db *gorm.DB, jobs *store.Jobs, deliverables *store.Deliverables, accounts *store.Accounts,
	events *store.Events, files objectstore.Store, scan scanner.Client, q tasks.Enqueuer, notify *Notifications,
	callbackURL, securityTeam string) DeliverableService {
	return &deliverableService{
		db: db, jobs: jobs, deliverables: deliverables, accounts: accounts, events: events,
		files: files, scan: scan, q: q, notify: notify,
		callbackURL: callbackURL, securityTeam: securityTeam, maxBytes: 50 << 20,
	}
}

var allowedTypes = map[string]bool{
	"application/pdf": true,
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document": true,
	"application/x-xliff+xml": true,
	"text/plain":              true,
	"application/zip":         true,
}

func (s *deliverableService) Upload(ctx context.Context, translatorID uuid.UUID, jobID string, up Upload) (*domain.Deliverable, error) {
	if len(up.Data) == 0 || len(up.Data) > s.maxBytes {
		return nil, fmt.Errorf("file size: %w", platform.ErrInvalid)
	}
	if !allowedTypes[up.ContentType] {
		return nil, fmt.Errorf("content type %q: %w", up.ContentType, platform.ErrInvalid)
	}
	job, err := s.jobs.Get(ctx, jobID)
	if err != nil {
		return nil, err
	}
	if job.TranslatorID == nil || *job.TranslatorID != translatorID {
		return nil, platform.ErrNotFound
	}
	if job.Status != domain.JobAssigned && job.Status != domain.JobInReview {
		return nil, fmt.Errorf("job is %s: %w", job.Status, platform.ErrConflict)
	}

	sum := sha256.Sum256(up.Data)
	id := "dlv_" + platform.NewID()
	key := path.Join("jobs", job.ID, "deliverables", id, sanitizeName(up.FileName))
	if err := s.files.Put(ctx, key, up.ContentType, up.Data); err != nil {
		return nil, err
	}

	now := time.Now().UTC()
	d := domain.Deliverable{
		ID:          id,
		JobID:       job.ID,
		FileName:    up.FileName,
		ObjectKey:   key,
		SHA256:      hex.EncodeToString(sum[:]),
		SizeBytes:   int64(len(up.Data)),
		ContentType: up.ContentType,
		ScanStatus:  domain.ScanPending,
		UploadedBy:  translatorID.String(),
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	err = platform.InTx(ctx, s.db, func(ctx context.Context) error {
		v, err := s.deliverables.NextVersion(ctx, job.ID)
		if err != nil {
			return err
		}
		d.Version = v
		if err := s.deliverables.Create(ctx, &d); err != nil {
			return err
		}
		_, err = s.jobs.Transition(ctx, job.ID, []string{domain.JobAssigned}, domain.JobInReview, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	if _, err := s.q.Enqueue(ctx, tasks.TypeDeliverableScan, tasks.DeliverableScan{DeliverableID: d.ID},
		tasks.Keyed("scan", d.ID)); err != nil {
		return nil, err
	}
	return &d, nil
}

func sanitizeName(name string) string {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	name = strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			return r
		}
		return '_'
	}, name)
	if name == "" || name == "." {
		return "file"
	}
	return name
}

func scanProfile(contentType string) string {
	if contentType == "application/zip" {
		return "archives"
	}
	return "documents"
}

func (s *deliverableService) SubmitScan(ctx context.Context, deliverableID string) error {
	d, err := s.deliverables.Get(ctx, deliverableID)
	if err != nil {
		return err
	}
	if d.ScanID != nil {
		return nil
	}
	sc, err := s.scan.Submit(ctx, scanner.SubmitRequest{
		FileURL:     s.files.PublicURL(d.ObjectKey),
		SHA256:      d.SHA256,
		CallbackURL: s.callbackURL,
	}, scanner.WithProfile(scanProfile(d.ContentType)))
	if err != nil {
		return err
	}
	_, err = s.deliverables.Update(ctx, map[string]any{"scan_id": sc.ID, "updated_at": time.Now().UTC()},
		"id = ? AND scan_id IS NULL", d.ID)
	return err
}

func (s *deliverableService) ScanCompleted(ctx context.Context, ev scanner.Event) error {
	n, err := s.deliverables.Update(ctx, map[string]any{"scan_status": domain.ScanClean, "updated_at": time.Now().UTC()},
		"scan_id = ? AND scan_status = ?", ev.ScanID, domain.ScanPending)
	if err != nil {
		return err
	}
	d, err := s.deliverables.ByScan(ctx, ev.ScanID)
	if err != nil {
		return err
	}
	if n == 0 && d.ScanStatus != domain.ScanClean {
		return nil
	}
	job, err := s.jobs.Get(ctx, d.JobID)
	if err != nil {
		return err
	}
	client, err := s.accounts.Client(ctx, job.ClientID)
	if err != nil {
		return err
	}
	return s.notify.Email(ctx, tasks.NotifyEmail{
		Key:      "deliverable-ready:" + d.ID,
		To:       client.Email,
		Template: "deliverable_ready",
		Data: map[string]string{
			"job_title": job.Title,
			"version":   fmt.Sprint(d.Version),
			"file_name": d.FileName,
		},
	})
}

func (s *deliverableService) ScanInfected(ctx context.Context, ev scanner.Event) error {
	seen, err := s.events.Seen(ctx, "scanguard", ev.EventID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	d, err := s.deliverables.ByScan(ctx, ev.ScanID)
	if err != nil {
		return err
	}
	incident := domain.SecurityIncident{
		ID:            "inc_" + platform.NewID(),
		DeliverableID: d.ID,
		JobID:         d.JobID,
		ScanID:        ev.ScanID,
		Threat:        strings.Join(ev.Threats, ","),
		Severity:      ev.Severity,
		CreatedAt:     time.Now().UTC(),
	}
	err = platform.InTx(ctx, s.db, func(ctx context.Context) error {
		if _, err := s.deliverables.Update(ctx, map[string]any{
			"scan_status": domain.ScanQuarantined, "updated_at": time.Now().UTC(),
		}, "id = ?", d.ID); err != nil {
			return err
		}
		if err := s.deliverables.Incidents.Create(ctx, &incident); err != nil {
			return err
		}
		if _, err := s.jobs.Transition(ctx, d.JobID, []string{domain.JobInReview}, domain.JobAssigned, nil); err != nil {
			return err
		}
		return s.jobs.AddEvent(ctx, d.JobID, "deliverable_quarantined", "scanguard", d.ID)
	})
	if err != nil {
		return err
	}
	if err := s.notify.Email(ctx, tasks.NotifyEmail{
		Key:      "incident:" + incident.ID,
		To:       s.securityTeam,
		Template: "security_incident",
		Data: map[string]string{
			"incident_id":    incident.ID,
			"deliverable_id": d.ID,
			"job_id":         d.JobID,
			"threat":         incident.Threat,
			"severity":       incident.Severity,
		},
	}); err != nil {
		return err
	}
	return s.events.Mark(ctx, "scanguard", ev.EventID, ev.Type)
}
