package httpapi

import (
	"net/http"
)

type redispatchRequest struct {
	Reason string `json:"reason"`
}

func (h Handlers) redispatch(w http.ResponseWriter, r *http.Request) {
	orderID, err := pathUUID(r, "orderID")
	if err != nil {
		writeError(w, err)
		return
	}
	req, err := decode[redispatchRequest](r)
	if err != nil {
		writeError(w, err)
		return
	}
	if req.Reason == "" {
		req.Reason = "support_redispatch"
	}
	d, err := h.Dispatch.Redispatch(r.Context(), orderID, req.Reason)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"delivery_id":  d.ID,
		"status":       d.Status,
		"tracking_url": d.TrackingURL,
		"by":           agentID(r),
	})
}
