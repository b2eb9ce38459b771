package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/vendgrid/fleetops/internal/domain"
)

// AdminHandlers serves back-office machine and host management.
type AdminHandlers struct {
	machines MachineUseCases
	hosts    HostUseCases
}

func NewAdminHandlers(m MachineUseCases, h HostUseCases) *AdminHandlers {
	return &AdminHandlers{machines: m, hosts: h}
}

func (h *AdminHandlers) registerMachine(w http.ResponseWriter, r *http.Request) {
	var cmd domain.RegisterMachine
	if err := decode(r, &cmd); err != nil {
		writeError(w, r, err)
		return
	}
	m, err := h.machines.Register(r.Context(), cmd)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{
		"id":            m.ID,
		"serial_number": m.SerialNumber,
		"site_id":       m.SiteID,
		"status":        m.Status,
	})
}

func (h *AdminHandlers) getMachine(w http.ResponseWriter, r *http.Request) {
	m, err := h.machines.Get(r.Context(), chi.URLParam(r, "machineID"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id":            m.ID,
		"serial_number": m.SerialNumber,
		"site_id":       m.SiteID,
		"status":        m.Status,
		"last_seen_at":  m.LastSeenAt,
	})
}

// addAdjustment books a manual credit or debit on a host's next statement.
func (h *AdminHandlers) addAdjustment(w http.ResponseWriter, r *http.Request) {
	var cmd domain.CreateAdjustment
	if err := decode(r, &cmd); err != nil {
		writeError(w, r, err)
		return
	}
	cmd.HostID = chi.URLParam(r, "hostID")
	cmd.CreatedBy = principalFrom(r.Context()).Subject
	a, err := h.hosts.AddAdjustment(r.Context(), cmd)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{
		"id":           a.ID,
		"host_id":      a.HostID,
		"amount_cents": a.AmountCents,
		"created_at":   a.CreatedAt,
	})
}
