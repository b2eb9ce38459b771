package httpapi

import (
	"net"
	"net/http"

	"github.com/tenantlens/screening/internal/domain"
	"github.com/tenantlens/screening/internal/services/applications"
)

func (s *Server) createApplication(w http.ResponseWriter, r *http.Request) {
	var in applications.CreateInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	m := managerFrom(r.Context())
	app, replay, err := s.d.Applications.Create(r.Context(), m.ID, r.Header.Get("Idempotency-Key"), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if replay != nil {
		writeRaw(w, replay.StatusCode, replay.Body)
		return
	}
	w.Header().Set("Location", "/v1/applications/"+app.ID)
	writeJSON(w, http.StatusCreated, app)
}

func (s *Server) getApplication(w http.ResponseWriter, r *http.Request) {
	app, err := s.d.Applications.Get(r.Context(), managerFrom(r.Context()).ID, r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, app)
}

func (s *Server) replaceApplicant(w http.ResponseWriter, r *http.Request) {
	var ap domain.Applicant
	if err := decode(r, &ap); err != nil {
		writeError(w, r, err)
		return
	}
	app, err := s.d.Applications.ReplaceApplicant(r.Context(), managerFrom(r.Context()).ID, r.PathValue("id"), ap)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, app)
}

func (s *Server) recordConsent(w http.ResponseWriter, r *http.Request) {
	var in applications.ConsentInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	in.IPAddress = clientIP(r)
	in.UserAgent = r.UserAgent()
	c, created, err := s.d.Applications.RecordConsent(r.Context(), managerFrom(r.Context()).ID, r.PathValue("id"), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, c)
}

func (s *Server) withdraw(w http.ResponseWriter, r *http.Request) {
	app, err := s.d.Applications.Withdraw(r.Context(), managerFrom(r.Context()).ID, r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, app)
}

// clientIP prefers the first X-Forwarded-For hop set by our load balancer.
func clientIP(r *http.Request) string {
	if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
		for i := 0; i < len(xff); i++ {
			if xff[i] == ',' {
				return xff[:i]
			}
		}
		return xff
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
