// Command server wires the handlers to the store.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredsqlctx/app"
	"example.com/wiredsqlctx/dbctx"
	"example.com/wiredsqlctx/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &app.Handler{Work: &store.UnitOfWork{DB: db}, Accounts: &store.Accounts{DB: db}}
	http.HandleFunc("POST /transfers", h.Transfer)
	http.HandleFunc("POST /transfers/loose", h.TransferLoose)
	points := &app.PointsHandler{Work: &dbctx.Work{DB: db}, Points: &store.Points{DB: db}}
	http.HandleFunc("POST /points", points.Spend)
	http.HandleFunc("POST /points/loose", points.SpendLoose)
	rewards := &app.RewardsHandler{Work: &dbctx.Work{DB: db}, Rewards: &store.Rewards{Pool: dbctx.NewPool(db)}}
	http.HandleFunc("POST /rewards", rewards.Grant)
	http.HandleFunc("POST /rewards/loose", rewards.GrantLoose)
	credits := &app.CreditsHandler{Work: &dbctx.Work{DB: db}, Credits: &store.Credits{DB: db}}
	http.HandleFunc("POST /credits", credits.Grant)
	http.HandleFunc("POST /credits/loose", credits.GrantLoose)
	holdings := &app.HoldingsHandler{Work: &dbctx.Work{DB: db}, Holdings: store.NewHoldings(db)}
	http.HandleFunc("POST /holdings", holdings.Move)
	http.HandleFunc("POST /holdings/loose", holdings.MoveLoose)
	http.HandleFunc("POST /holdings/take", holdings.TakeThenMove)
	http.HandleFunc("POST /holdings/work", holdings.MoveInWork)
	fees := &app.FeesHandler{Work: &dbctx.Work{DB: db}, Fees: &store.Fees{DB: db}}
	http.HandleFunc("POST /fees", fees.Charge)
	http.HandleFunc("POST /fees/loose", fees.ChargeLoose)
	ledgers := &app.LedgerHandler{Work: &dbctx.Work{DB: db}, Ledgers: store.NewLedgers(db)}
	http.HandleFunc("POST /ledgers", ledgers.Enter)
	http.HandleFunc("POST /ledgers/loose", ledgers.EnterLoose)
}
