package admin

import (
	"net/http"

	"github.com/kickoffbet/sportsbook/internal/wallet"
)

func (a *API) getWallet(w http.ResponseWriter, r *http.Request) {
	b, err := a.Wallet.Balance(r.Context(), r.PathValue("id"))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	history, err := a.Wallet.History(r.Context(), b.PlayerID, 50)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"balance": b, "entries": history})
}

type adjustmentBody struct {
	PlayerID string `json:"player_id"`
	Pocket   string `json:"pocket"`
	Amount   int64  `json:"amount"`
	Reason   string `json:"reason"`
	Ticket   string `json:"ticket"`
}

func (a *API) createAdjustment(w http.ResponseWriter, r *http.Request) {
	var body adjustmentBody
	if err := decode(r, &body); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	adj, err := a.Adjuster.Adjust(r.Context(), wallet.AdjustmentInput{
		PlayerID: body.PlayerID,
		Pocket:   wallet.Pocket(body.Pocket),
		Amount:   body.Amount,
		Reason:   body.Reason,
		Ticket:   body.Ticket,
		Operator: operator(r),
	})
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, adj)
}

type refundBody struct {
	Amount int64  `json:"amount"`
	Reason string `json:"reason"`
}

func (a *API) refundDeposit(w http.ResponseWriter, r *http.Request) {
	var body refundBody
	if err := decode(r, &body); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if body.Reason == "" {
		writeError(w, http.StatusBadRequest, "reason is required")
		return
	}
	ref, err := a.Payments.Refund(r.Context(), r.PathValue("id"), body.Amount, body.Reason, operator(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, ref)
}

func (a *API) approveWithdrawal(w http.ResponseWriter, r *http.Request) {
	wd, err := a.Withdrawals.Approve(r.Context(), r.PathValue("id"), operator(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, wd)
}

func (a *API) payoutNow(w http.ResponseWriter, r *http.Request) {
	wd, err := a.Withdrawals.PayoutNow(r.Context(), r.PathValue("id"), operator(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, wd)
}

type voidBody struct {
	Reason string `json:"reason"`
}

func (a *API) voidBet(w http.ResponseWriter, r *http.Request) {
	var body voidBody
	if err := decode(r, &body); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	b, err := a.Bets.VoidBet(r.Context(), r.PathValue("id"), operator(r), body.Reason)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, b)
}
