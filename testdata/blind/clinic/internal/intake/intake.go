// Package intake stores the pre-visit questionnaire patients fill in.
package intake

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/acme/clinic/internal/idempotency"
	"github.com/acme/clinic/internal/platform/db"
	"github.com/acme/clinic/internal/platform/ids"
)

type Form struct {
	ID            string            `json:"id"`
	AppointmentID string            `json:"appointment_id"`
	SubmittedBy   string            `json:"submitted_by"`
	Allergies     string            `json:"allergies"`
	Medications   string            `json:"medications"`
	Answers       map[string]string `json:"answers"`
	CreatedAt     time.Time         `json:"created_at"`
}

type SubmitInput struct {
	SubmittedBy string            `json:"submitted_by" binding:"required"`
	Allergies   string            `json:"allergies"`
	Medications string            `json:"medications"`
	Answers     map[string]string `json:"answers"`
}

var ErrNoForm = errors.New("no intake form for appointment")

// KeyStore drops replays of the same Idempotency-Key.
type KeyStore interface {
	Seen(ctx context.Context, scope, key string) (bool, error)
	Remember(ctx context.Context, scope, key string) error
}

type Repository struct {
	pool *sql.DB
}

func NewRepository(pool *sql.DB) *Repository { return &Repository{pool: pool} }

func (r *Repository) InsertForm(ctx context.Context, f Form) error {
	_, err := db.Conn(ctx, r.pool).ExecContext(ctx, `
		INSERT INTO intake_forms (id, appointment_id, submitted_by, allergies, medications)
		VALUES ($1, $2, $3, $4, $5)`, f.ID, f.AppointmentID, f.SubmittedBy, f.Allergies, f.Medications)
	return err
}

func (r *Repository) InsertAnswer(ctx context.Context, formID, code, answer string) error {
	_, err := db.Conn(ctx, r.pool).ExecContext(ctx,
		`INSERT INTO intake_answers (intake_id, question_code, answer) VALUES ($1, $2, $3)`,
		formID, code, answer)
	return err
}

func (r *Repository) Latest(ctx context.Context, appointmentID string) (Form, error) {
	var f Form
	err := db.Conn(ctx, r.pool).QueryRowContext(ctx, `
		SELECT id, appointment_id, submitted_by, allergies, medications, created_at
		  FROM intake_forms WHERE appointment_id = $1 ORDER BY created_at DESC LIMIT 1`, appointmentID).
		Scan(&f.ID, &f.AppointmentID, &f.SubmittedBy, &f.Allergies, &f.Medications, &f.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return f, ErrNoForm
	}
	return f, err
}

type Service struct {
	repo *Repository
	tx   db.Transactor
	keys KeyStore
}

func NewService(repo *Repository, tx db.Transactor, keys KeyStore) *Service {
	return &Service{repo: repo, tx: tx, keys: keys}
}

const scope = "intake.submit"

func (s *Service) Submit(ctx context.Context, appointmentID, key string, in SubmitInput) (Form, error) {
	if key == "" {
		return Form{}, idempotency.ErrMissingKey
	}
	seen, err := s.keys.Seen(ctx, scope, key)
	if err != nil {
		return Form{}, err
	}
	if seen {
		return s.repo.Latest(ctx, appointmentID)
	}
	f := Form{
		ID:            ids.NewUUID(),
		AppointmentID: appointmentID,
		SubmittedBy:   in.SubmittedBy,
		Allergies:     in.Allergies,
		Medications:   in.Medications,
		Answers:       in.Answers,
	}
	err = s.tx.RunInTx(ctx, func(ctx context.Context) error {
		if err := s.keys.Remember(ctx, scope, key); err != nil {
			return fmt.Errorf("remember key: %w", err)
		}
		if err := s.repo.InsertForm(ctx, f); err != nil {
			return err
		}
		for code, answer := range in.Answers {
			if err := s.repo.InsertAnswer(ctx, f.ID, code, answer); err != nil {
				return err
			}
		}
		return nil
	})
	return f, err
}

// Handler exposes POST /v1/appointments/:id/intake.
type Handler struct {
	svc interface {
		Submit(ctx context.Context, appointmentID, key string, in SubmitInput) (Form, error)
	}
}

func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

func (h *Handler) RegisterPublic(r gin.IRouter) {
	r.POST("/v1/appointments/:id/intake", h.submit)
}

func (h *Handler) submit(c *gin.Context) {
	var in SubmitInput
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	f, err := h.svc.Submit(c.Request.Context(), c.Param("id"), c.GetHeader("Idempotency-Key"), in)
	switch {
	case err == nil:
		c.JSON(http.StatusCreated, f)
	case errors.Is(err, idempotency.ErrMissingKey):
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
	default:
		_ = c.Error(err)
		c.JSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
	}
}
