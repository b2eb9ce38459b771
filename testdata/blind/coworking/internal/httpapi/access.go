package httpapi

import (
	"errors"
	"net/http"
	"slices"

	"github.com/deskhive/coworking/internal/access"
	"github.com/deskhive/coworking/internal/httpx"
)

var cardSlots = []string{"primary", "mobile", "fob"}

type issueCardRequest struct {
	Slot  string   `json:"slot"`
	Zones []string `json:"zones,omitempty"`
}

func (r *issueCardRequest) Validate() error {
	if !slices.Contains(cardSlots, r.Slot) {
		return errors.New("slot must be one of primary, mobile, fob")
	}
	return nil
}

func issueCard(svc access.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		member, err := pathUUID(r, "memberID")
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		req, err := httpx.Bind[issueCardRequest](r)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		card, err := svc.Issue(r.Context(), access.IssueInput{
			MemberID: member,
			Slot:     req.Slot,
			Zones:    req.Zones,
			// Tie the partner-side request to ours so support can trace it.
			RequestKey: httpx.RequestID(r.Context()),
		})
		if errors.Is(err, access.ErrMemberNotFound) {
			httpx.Fail(w, r, httpx.ErrNotFound)
			return
		}
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, card)
	}
}
