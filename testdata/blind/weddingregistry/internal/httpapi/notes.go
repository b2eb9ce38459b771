package httpapi

import (
	"fmt"
	"net/http"
	"net/mail"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/tiedknot/registry/internal/notify"
	"github.com/tiedknot/registry/internal/providers/mailer"
	"github.com/tiedknot/registry/internal/registry"
)

type invitationsRequest struct {
	Guests []notify.Guest `json:"guests"`
	Note   string         `json:"note"`
}

const maxInvitationsPerRequest = 500

// sendInvitations emails the registry link to a list of guests. Guests who
// were already invited are skipped.
func (h *handlers) sendInvitations(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req invitationsRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if len(req.Guests) == 0 || len(req.Guests) > maxInvitationsPerRequest {
		writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("send 1-%d guests", maxInvitationsPerRequest))
		return
	}
	reg, err := h.Registry.GetOwned(ctx, coupleID(r), chi.URLParam(r, "registryID"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if reg.Status != registry.StatusPublished {
		h.fail(w, r, registry.ErrNotPublished)
		return
	}
	already, err := h.Notify.InvitedEmails(ctx, reg.ID)
	if err != nil {
		h.fail(w, r, err)
		return
	}

	var pending []notify.Guest
	seen := map[string]bool{}
	for _, g := range req.Guests {
		addr, err := mail.ParseAddress(g.Email)
		if err != nil {
			writeError(w, http.StatusUnprocessableEntity, "invalid email: "+g.Email)
			return
		}
		email := strings.ToLower(addr.Address)
		if already[email] || seen[email] {
			continue
		}
		seen[email] = true
		pending = append(pending, notify.Guest{Name: g.Name, Email: email})
	}

	msgs := make([]mailer.Message, 0, len(pending))
	for _, g := range pending {
		msgs = append(msgs, notify.InvitationMessage(reg, reg.ShipToName, g.Name, g.Email, req.Note, h.PublicURL))
	}
	for start := 0; start < len(msgs); start += mailer.MaxBatch {
		end := min(start+mailer.MaxBatch, len(msgs))
		if _, err := h.Mailer.SendBatch(ctx, msgs[start:end]); err != nil {
			h.Log.ErrorContext(ctx, "invitation batch failed", "registry_id", reg.ID, "err", err)
			writeError(w, http.StatusBadGateway, "could not send invitations, please retry")
			return
		}
	}
	if err := h.Notify.RecordInvitations(ctx, reg.ID, pending); err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]int{
		"invited": len(pending),
		"skipped": len(req.Guests) - len(pending),
	})
}

func (h *handlers) composeThankYou(w http.ResponseWriter, r *http.Request) {
	var in notify.ThankYouInput
	if err := decode(r, &in); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	note, created, err := h.Notify.ComposeThankYou(r.Context(), coupleID(r), chi.URLParam(r, "registryID"), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusAccepted
	}
	writeJSON(w, status, note)
}
