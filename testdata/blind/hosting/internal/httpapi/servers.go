package httpapi

import (
	"errors"
	"net/http"
	"regexp"
	"time"

	"github.com/google/uuid"

	"github.com/nimbusrack/hosting/internal/platform/httpx"
	"github.com/nimbusrack/hosting/internal/servers"
)

// ServerHandlers serves the server lifecycle.
type ServerHandlers struct {
	Service *servers.Service
}

var hostnameRE = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$`)

type serverResponse struct {
	ID        string     `json:"id"`
	OrderID   string     `json:"order_id"`
	PlanID    string     `json:"plan_id"`
	Region    string     `json:"region"`
	Hostname  string     `json:"hostname"`
	Status    string     `json:"status"`
	IPs       []string   `json:"ips,omitempty"`
	CreatedAt time.Time  `json:"created_at"`
	ActiveAt  *time.Time `json:"activated_at,omitempty"`
}

func toServerResponse(s servers.Server) serverResponse {
	return serverResponse{
		ID: s.ID.String(), OrderID: s.OrderID.String(), PlanID: s.PlanID, Region: s.Region,
		Hostname: s.Hostname, Status: s.Status, CreatedAt: s.CreatedAt, ActiveAt: s.ActivatedAt,
	}
}

func pathID(w http.ResponseWriter, r *http.Request, name string) (uuid.UUID, bool) {
	id, err := uuid.Parse(r.PathValue(name))
	if err != nil {
		httpx.Error(w, http.StatusNotFound, "not_found", "resource not found")
		return uuid.Nil, false
	}
	return id, true
}

// List handles GET /v1/servers.
func (h *ServerHandlers) List(w http.ResponseWriter, r *http.Request) {
	page, err := h.Service.List(r.Context(), httpx.CustomerID(r.Context()), httpx.ParsePage(r))
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, httpx.MapPage(page, toServerResponse))
}

// Get handles GET /v1/servers/{id}.
func (h *ServerHandlers) Get(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	srv, ips, err := h.Service.Get(r.Context(), httpx.CustomerID(r.Context()), id)
	if errors.Is(err, servers.ErrNotFound) {
		httpx.Error(w, http.StatusNotFound, "not_found", "server not found")
		return
	}
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	resp := toServerResponse(*srv)
	for _, ip := range ips {
		resp.IPs = append(resp.IPs, ip.Address)
	}
	httpx.JSON(w, http.StatusOK, resp)
}

// Order handles POST /v1/servers.
func (h *ServerHandlers) Order(w http.ResponseWriter, r *http.Request) {
	var in servers.OrderInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.Error(w, http.StatusBadRequest, "invalid_body", err.Error())
		return
	}
	if !hostnameRE.MatchString(in.Hostname) {
		httpx.Error(w, http.StatusUnprocessableEntity, "invalid_hostname", "hostname must be a DNS label")
		return
	}
	res, err := h.Service.Order(r.Context(), httpx.CustomerID(r.Context()), r.Header.Get("Idempotency-Key"), in)
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	status := http.StatusAccepted
	if res.Replayed {
		status = http.StatusOK
	}
	httpx.JSON(w, status, res)
}

type snapshotRequest struct {
	Label string `json:"label"`
}

// Snapshot handles POST /v1/servers/{id}/snapshots.
func (h *ServerHandlers) Snapshot(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	var req snapshotRequest
	if err := httpx.Decode(r, &req); err != nil || req.Label == "" || len(req.Label) > 64 {
		httpx.Error(w, http.StatusBadRequest, "invalid_body", "label is required (max 64 characters)")
		return
	}
	snap, err := h.Service.Snapshot(r.Context(), httpx.CustomerID(r.Context()), id, req.Label)
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	httpx.JSON(w, http.StatusAccepted, snap)
}

type licenseRequest struct {
	Product string `json:"product"`
}

// AddLicense handles POST /v1/servers/{id}/licenses.
func (h *ServerHandlers) AddLicense(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	var req licenseRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, http.StatusBadRequest, "invalid_body", err.Error())
		return
	}
	lic, err := h.Service.AddLicense(r.Context(), httpx.CustomerID(r.Context()), id, req.Product)
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, lic)
}

// Cancel handles POST /v1/servers/{id}/cancel.
func (h *ServerHandlers) Cancel(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	var in servers.CancelInput
	if r.ContentLength != 0 {
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(w, http.StatusBadRequest, "invalid_body", err.Error())
			return
		}
	}
	res, err := h.Service.Cancel(r.Context(), httpx.CustomerID(r.Context()), id, in)
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	httpx.JSON(w, http.StatusAccepted, res)
}
