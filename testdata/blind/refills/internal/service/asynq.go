package service

import "github.com/hibiken/asynq"

// Short names for the task builder closures passed to queue.Submit.
type (
	asynqTask   = asynq.Task
	asynqOption = asynq.Option
)
