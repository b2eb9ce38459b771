package httpapi

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/fines"
	"github.com/acme/fleet/internal/maintenance"
	"github.com/acme/fleet/internal/rental"
)

// FineImporter imports fine files.
type FineImporter interface {
	Import(ctx context.Context, notices []domain.FineNotice) (fines.ImportResult, error)
}

// RefundIssuer issues refunds.
type RefundIssuer interface {
	Issue(ctx context.Context, in rental.RefundInput) (domain.Refund, error)
}

// ExcessCharger recharges claim excesses.
type ExcessCharger interface {
	ChargeExcess(ctx context.Context, claimID string, cents int64) (domain.Claim, error)
}

// WorkOrderCompleter closes work orders.
type WorkOrderCompleter interface {
	Complete(ctx context.Context, in maintenance.CompleteInput) (*maintenance.WorkOrder, error)
}

type Admin struct {
	fines   FineImporter
	refunds RefundIssuer
	claims  ExcessCharger
	orders  WorkOrderCompleter
	log     *slog.Logger
}

func NewAdmin(fineImporter FineImporter, refunds RefundIssuer, claimExcess ExcessCharger, orders WorkOrderCompleter, log *slog.Logger) *Admin {
	return &Admin{fines: fineImporter, refunds: refunds, claims: claimExcess, orders: orders, log: log}
}

type AdminHandler http.Handler

// NewAdminRouter builds the chi router for the admin API. It listens on an
// internal address only; staff identity comes from the SSO proxy.
func NewAdminRouter(a *Admin) AdminHandler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.RealIP, middleware.Recoverer, staffOnly)
	r.Route("/admin", func(r chi.Router) {
		r.Post("/fines/import", a.importFines)
		r.Post("/rentals/{rentalID}/refunds", a.issueRefund)
		r.Post("/claims/{claimID}/excess", a.chargeExcess)
		r.Post("/workorders/{workOrderID}/complete", a.completeWorkOrder)
	})
	return r
}

func staffOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Staff-ID") == "" {
			http.Error(w, "staff identity required", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (a *Admin) fail(w http.ResponseWriter, r *http.Request, err error) {
	status := statusFor(err)
	if status == http.StatusInternalServerError {
		a.log.ErrorContext(r.Context(), "admin request failed", "path", r.URL.Path, "err", err)
	}
	writeJSON(w, status, map[string]string{"error": err.Error()})
}

// importFines accepts a CSV file: issuer,reference,plate,issued_at,amount_cents.
func (a *Admin) importFines(w http.ResponseWriter, r *http.Request) {
	notices, err := parseFineCSV(r.Body)
	if err != nil {
		a.fail(w, r, fmt.Errorf("%w: %v", domain.ErrInvalidInput, err))
		return
	}
	res, err := a.fines.Import(r.Context(), notices)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

func parseFineCSV(body io.Reader) ([]domain.FineNotice, error) {
	cr := csv.NewReader(body)
	cr.FieldsPerRecord = 5
	var out []domain.FineNotice
	for line := 1; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if line == 1 && strings.EqualFold(rec[0], "issuer") {
			continue
		}
		issued, err := time.Parse(time.RFC3339, rec[3])
		if err != nil {
			return nil, fmt.Errorf("line %d: issued_at: %w", line, err)
		}
		amount, err := strconv.ParseInt(rec[4], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("line %d: amount_cents: %w", line, err)
		}
		out = append(out, domain.FineNotice{
			Issuer: rec[0], Reference: rec[1], Plate: strings.ToUpper(rec[2]), IssuedAt: issued, AmountCents: amount,
		})
	}
}

func (a *Admin) issueRefund(w http.ResponseWriter, r *http.Request) {
	rentalID, err := uuid.Parse(chi.URLParam(r, "rentalID"))
	if err != nil {
		a.fail(w, r, fmt.Errorf("%w: rental id", domain.ErrInvalidInput))
		return
	}
	var body struct {
		AmountCents int64  `json:"amount_cents"`
		Reason      string `json:"reason"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		a.fail(w, r, fmt.Errorf("%w: %v", domain.ErrInvalidInput, err))
		return
	}
	refund, err := a.refunds.Issue(r.Context(), rental.RefundInput{
		RentalID:    rentalID,
		AmountCents: body.AmountCents,
		Reason:      body.Reason,
		IssuedBy:    r.Header.Get("X-Staff-ID"),
	})
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, refund)
}

func (a *Admin) chargeExcess(w http.ResponseWriter, r *http.Request) {
	var body struct {
		ExcessCents int64 `json:"excess_cents"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		a.fail(w, r, fmt.Errorf("%w: %v", domain.ErrInvalidInput, err))
		return
	}
	claim, err := a.claims.ChargeExcess(r.Context(), chi.URLParam(r, "claimID"), body.ExcessCents)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, claim)
}

func (a *Admin) completeWorkOrder(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Notes      string `json:"notes"`
		OdometerKm int    `json:"odometer_km"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		a.fail(w, r, fmt.Errorf("%w: %v", domain.ErrInvalidInput, err))
		return
	}
	wo, err := a.orders.Complete(r.Context(), maintenance.CompleteInput{
		WorkOrderID: chi.URLParam(r, "workOrderID"),
		Technician:  r.Header.Get("X-Staff-ID"),
		Notes:       body.Notes,
		OdometerKm:  body.OdometerKm,
	})
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, wo)
}
