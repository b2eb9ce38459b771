package httpapi

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/idem"
	"github.com/cityparking/parking/internal/service"
)

// DriverHandlers serves the mobile app.
type DriverHandlers struct {
	sessions *service.SessionService
	permits  *service.PermitService
	fines    *service.FineService
	accounts *service.AccountService
}

func NewDriverHandlers(sessions *service.SessionService, permits *service.PermitService,
	fines *service.FineService, accounts *service.AccountService) *DriverHandlers {
	return &DriverHandlers{sessions: sessions, permits: permits, fines: fines, accounts: accounts}
}

func (h *DriverHandlers) Routes(r chi.Router) {
	r.Post("/sessions", h.startSession)
	r.Post("/sessions/{sessionID}/stop", h.stopSession)
	r.Post("/sessions/{sessionID}/extend", h.extendSession)
	r.Post("/permits", h.buyPermit)
	r.Post("/fines/{fineID}/payments", h.payFine)
	r.Post("/fines/{fineID}/disputes", h.disputeFine)
	r.Post("/vehicles", h.registerVehicle)
	r.Put("/preferences", h.putPreferences)
}

func pathUUID(r *http.Request, name string) (uuid.UUID, bool) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	return id, err == nil
}

type startSessionRequest struct {
	VehicleID       uuid.UUID `json:"vehicle_id"`
	ZoneID          string    `json:"zone_id"`
	DurationMinutes int       `json:"duration_minutes"`
}

func (h *DriverHandlers) startSession(w http.ResponseWriter, r *http.Request) {
	key, err := idem.FromRequest(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req startSessionRequest
	if err := decode(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	sess, replayed, err := h.sessions.Start(r.Context(), service.StartInput{
		AccountID:      accountID(r),
		VehicleID:      req.VehicleID,
		ZoneID:         req.ZoneID,
		Duration:       time.Duration(req.DurationMinutes) * time.Minute,
		IdempotencyKey: key,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	status := http.StatusCreated
	if replayed {
		w.Header().Set("Idempotent-Replayed", "true")
		status = http.StatusOK
	}
	writeJSON(w, status, sess)
}

type stopSessionResponse struct {
	Session *domain.Session `json:"session"`
	Charge  *domain.Charge  `json:"charge,omitempty"`
}

func (h *DriverHandlers) stopSession(w http.ResponseWriter, r *http.Request) {
	id, ok := pathUUID(r, "sessionID")
	if !ok {
		badRequest(w, "invalid session id")
		return
	}
	sess, charge, err := h.sessions.Stop(r.Context(), accountID(r), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, stopSessionResponse{Session: sess, Charge: charge})
}

type extendSessionRequest struct {
	Until time.Time `json:"until"`
}

func (h *DriverHandlers) extendSession(w http.ResponseWriter, r *http.Request) {
	id, ok := pathUUID(r, "sessionID")
	if !ok {
		badRequest(w, "invalid session id")
		return
	}
	var req extendSessionRequest
	if err := decode(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	sess, err := h.sessions.Extend(r.Context(), accountID(r), id, req.Until.UTC())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sess)
}

type buyPermitRequest struct {
	VehicleID uuid.UUID `json:"vehicle_id"`
	ZoneID    string    `json:"zone_id"`
	StartDate string    `json:"start_date"`
	Months    int       `json:"months"`
	AutoRenew *bool     `json:"auto_renew"`
}

func (h *DriverHandlers) buyPermit(w http.ResponseWriter, r *http.Request) {
	var req buyPermitRequest
	if err := decode(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	start, err := time.Parse(time.DateOnly, req.StartDate)
	if err != nil {
		badRequest(w, "start_date must be YYYY-MM-DD")
		return
	}
	autoRenew := true
	if req.AutoRenew != nil {
		autoRenew = *req.AutoRenew
	}
	permit, err := h.permits.Purchase(r.Context(), service.PurchaseInput{
		AccountID: accountID(r),
		VehicleID: req.VehicleID,
		ZoneID:    req.ZoneID,
		StartDate: start,
		Months:    req.Months,
		AutoRenew: autoRenew,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, permit)
}

func (h *DriverHandlers) payFine(w http.ResponseWriter, r *http.Request) {
	id, ok := pathUUID(r, "fineID")
	if !ok {
		badRequest(w, "invalid fine id")
		return
	}
	pay, err := h.fines.Pay(r.Context(), accountID(r), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, pay)
}

type disputeRequest struct {
	Reason  string `json:"reason"`
	Details string `json:"details"`
}

func (h *DriverHandlers) disputeFine(w http.ResponseWriter, r *http.Request) {
	id, ok := pathUUID(r, "fineID")
	if !ok {
		badRequest(w, "invalid fine id")
		return
	}
	var req disputeRequest
	if err := decode(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	if req.Reason == "" {
		badRequest(w, "reason is required")
		return
	}
	d, err := h.fines.Dispute(r.Context(), service.DisputeInput{
		AccountID: accountID(r), FineID: id, Reason: req.Reason, Details: req.Details,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, d)
}

type registerVehicleRequest struct {
	Plate    string `json:"plate"`
	Country  string `json:"country"`
	Nickname string `json:"nickname"`
}

func (h *DriverHandlers) registerVehicle(w http.ResponseWriter, r *http.Request) {
	var req registerVehicleRequest
	if err := decode(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	v, err := h.accounts.RegisterVehicle(r.Context(), service.RegisterVehicleInput{
		AccountID: accountID(r), Plate: req.Plate, Country: req.Country, Nickname: req.Nickname,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, v)
}

type preferencesRequest struct {
	SMSReminders    bool `json:"sms_reminders"`
	ReminderMinutes int  `json:"reminder_minutes"`
	FineAlerts      bool `json:"fine_alerts"`
}

func (h *DriverHandlers) putPreferences(w http.ResponseWriter, r *http.Request) {
	var req preferencesRequest
	if err := decode(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	p, err := h.accounts.UpdatePrefs(r.Context(), domain.NotificationPrefs{
		AccountID:       accountID(r),
		SMSReminders:    req.SMSReminders,
		ReminderMinutes: req.ReminderMinutes,
		FineAlerts:      req.FineAlerts,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}
