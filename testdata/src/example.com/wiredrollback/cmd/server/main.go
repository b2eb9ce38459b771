// Command server wires the webhooks.
package main

import (
	"net/http"

	"github.com/jmoiron/sqlx"

	"example.com/wiredrollback/api"
	"example.com/wiredrollback/dispatch"
	"example.com/wiredrollback/donations"
	"example.com/wiredrollback/intake"
	"example.com/wiredrollback/lots"
	"example.com/wiredrollback/store"
)

func main() {
	db, _ := sqlx.Open("postgres", "")
	uow := store.NewUnitOfWork(db)
	pickups := &dispatch.Service{DB: db.DB, Pickups: store.PickupRepo{}, Notes: store.NoteRepo{}}
	gifts := &lots.Service{Tx: &store.TxRunner{DB: db.DB}, Gifts: &store.GiftStore{DB: db.DB}, Lots: &store.LotStore{DB: db.DB}, Events: &store.EventStore{DB: db.DB}, Moves: &store.MoveStore{DB: db.DB}}
	h := &api.Handler{Intake: intake.NewService(uow), Donations: &donations.Service{UoW: uow}, Dispatch: pickups, Lots: gifts}
	http.HandleFunc("POST /transfers", h.PostTransfer)
	http.HandleFunc("POST /transfers/quiet", h.PostTransferQuietly)
	http.HandleFunc("POST /donations", h.PostDonation)
	http.HandleFunc("POST /donations/any", h.PostDonationAny)
	http.HandleFunc("POST /pickups/cancel", h.PostCancel)
	http.HandleFunc("POST /pickups/reopen", h.PostReopen)
	http.HandleFunc("POST /pickups/hold", h.PostHold)
	http.HandleFunc("POST /pickups/confirm", h.PostConfirm)
	http.HandleFunc("POST /pickups/remind", h.PostRemind)
	http.HandleFunc("POST /lots/receive", h.PostReceive)
	http.HandleFunc("POST /lots/announce", h.PostAnnounce)
	http.HandleFunc("POST /lots/note", h.PostNote)
	http.HandleFunc("POST /lots/move", h.PostMove)
	http.HandleFunc("POST /lots/move-blind", h.PostMoveBlind)
	http.HandleFunc("POST /lots/move-inside", h.PostMoveInside)
	http.ListenAndServe(":8080", nil)
}
