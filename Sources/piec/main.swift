print("piec")
