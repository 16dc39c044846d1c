// scaffolding: replaced as the target is written
